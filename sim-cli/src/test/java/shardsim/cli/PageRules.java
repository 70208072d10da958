package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What every generated page must be: one file that asks nothing of any other address and runs no script. */
final class PageRules {
    private static final Pattern URL_REF = Pattern.compile("url\\(([^)]*)\\)");
    private static final Pattern SRC = Pattern.compile("<[a-zA-Z][^>]*\\s(src|srcset|xlink:href|poster|data)\\s*=");
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");

    private PageRules() {}

    static void assertSelfContained(String html) {
        assertTrue(html.startsWith("<!DOCTYPE html>"), "a whole page");
        String lower = html.toLowerCase(java.util.Locale.ROOT);
        for (String banned : new String[] {
            "http:", "https:", "<script", "@import", "<link", "<iframe", "<object", "<embed", "<img", "<image"
        }) {
            assertFalse(lower.contains(banned), "the page must not contain " + banned);
        }
        assertFalse(SRC.matcher(html).find(), "no tag may load anything (src, srcset, xlink:href)");
        Matcher u = URL_REF.matcher(html);
        while (u.find()) {
            assertTrue(u.group(1).startsWith("#"), "only references inside the page: url(" + u.group(1) + ")");
        }
        Matcher h = HREF.matcher(html);
        while (h.find()) {
            assertTrue(h.group(1).startsWith("#"), "only links inside the page: href=" + h.group(1));
        }
    }
}
