package shardsim.cli.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import shardsim.cli.base.UserError;

/**
 * Reads a whole input file as strict UTF-8 text, never more than a limit: the one way a command
 * reads a file it parses at once (plan files). A leading byte order mark is dropped.
 */
public final class InputText {
    private InputText() {}

    /** @param what how errors name the file ("plan p.json") */
    public static String read(Path path, String what, long maxBytes) {
        AtomicOutput.readable(path, what);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (NoSuchFileException e) {
            throw new UserError(what + " does not exist");
        } catch (AccessDeniedException e) {
            throw new UserError(what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new UserError(what + " cannot be read: " + Text.oneLine(String.valueOf(e.getMessage())));
        }
        if (bytes.length > maxBytes) {
            throw new UserError(
                    what + " is larger than " + InputLimits.mib(maxBytes) + ", the limit for this kind of file");
        }
        return decode(bytes, 0, bytes.length, what);
    }

    /** Strict UTF-8, without a leading byte order mark. */
    public static String decode(byte[] bytes, int from, int to, String what) {
        try {
            String s = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, from, to - from))
                    .toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            throw new UserError(what + " is not UTF-8 text");
        }
    }
}
