package shardsim.cli.report;

/** The frame of every generated page: one file, its CSS inline, no script, no other address. */
final class Page {
    static final String CSS = String.join(
            "\n",
            "body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1280px;padding:0 16px;color:#111}",
            "h1{font-size:26px}h2{margin-top:32px;border-bottom:1px solid #ddd}h3{margin-top:22px}",
            "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}",
            "td.n{text-align:right;font-variant-numeric:tabular-nums}",
            "code,pre{font:13px monospace}pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap}",
            ".ok{color:#15803d;font-weight:bold}.bad{color:#b91c1c;font-weight:bold}",
            ".diagram{overflow:auto;max-height:88vh;border:1px solid #ccc;background:#fff}",
            ".legend span{display:inline-block;margin-right:14px}",
            SpaceTime.CSS);

    private Page() {}

    static String wrap(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + Html.esc(title) + "</title>\n<style>\n" + CSS + "\n</style>\n</head>\n<body>\n"
                + body + "</body>\n</html>\n";
    }
}
