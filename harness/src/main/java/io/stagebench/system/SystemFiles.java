package io.stagebench.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reads the files and commands that describe the machine. Every read is best effort: what cannot be read is absent,
 * never an exception, because a system description with a gap is still worth printing.
 *
 * <p>The root directory is injectable so tests can lay out a fake {@code /proc} and {@code /sys}.
 */
public final class SystemFiles {

    private final Path root;

    public SystemFiles(Path root) {
        this.root = root;
    }

    /** @return the real machine's files */
    public static SystemFiles host() {
        return new SystemFiles(Path.of("/"));
    }

    /** @return the trimmed content of {@code path} (absolute, resolved under the root) */
    public Optional<String> read(String path) {
        Path file = root.resolve(path.startsWith("/") ? path.substring(1) : path);
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8).trim());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** @return the first line of the file */
    public Optional<String> firstLine(String path) {
        return read(path).map(text -> text.lines().findFirst().orElse(""));
    }

    /**
     * Runs a command (only on the real machine; under a fake root it returns empty) and returns its standard output
     * when it exits 0 within 5 s.
     */
    public Optional<String> command(String... argv) {
        return execute(false, argv).filter(o -> o.exitCode() == 0).map(Output::out);
    }

    /**
     * What a command printed and how it ended.
     *
     * @param exitCode its exit status
     * @param out its standard output
     * @param err its standard error (git says there why it refused); empty from {@link #command}
     */
    public record Output(int exitCode, String out, String err) {}

    /**
     * Runs a command as {@link #command} does, keeping its exit status and standard error.
     *
     * @return empty when it could not start or outlived 5 s, or under a fake root
     */
    public Optional<Output> run(String... argv) {
        return execute(true, argv);
    }

    /** Runs {@code argv} for at most 5 s; its standard error goes to a temporary file when kept, else nowhere. */
    private Optional<Output> execute(boolean keepErr, String... argv) {
        if (!root.equals(Path.of("/"))) {
            return Optional.empty();
        }
        Path err = null;
        try {
            err = keepErr ? Files.createTempFile("stagebench-command", ".err") : null;
            Process process = new ProcessBuilder(List.of(argv))
                    .redirectError(
                            err == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(err.toFile()))
                    .start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return Optional.of(new Output(
                    process.exitValue(),
                    new String(out, StandardCharsets.UTF_8),
                    err == null ? "" : Files.readString(err, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            if (err != null) {
                try {
                    Files.deleteIfExists(err);
                } catch (IOException ignored) {
                    // a temporary file of the temporary folder
                }
            }
        }
    }

    /** @return every line of the kernel log that can be read: dmesg, then journalctl -k, then kern.log */
    public List<String> kernelLog() {
        List<String> lines = new ArrayList<>();
        command("dmesg")
                .or(() -> command("journalctl", "-k", "-b", "--no-pager", "-q"))
                .or(() -> read("/var/log/kern.log"))
                .ifPresent(text -> text.lines().forEach(lines::add));
        return lines;
    }

    /**
     * @return the names of the entries of directory {@code path} (absolute, resolved under the root), sorted; empty
     *     when unreadable
     */
    public List<String> list(String path) {
        Path dir = root.resolve(path.startsWith("/") ? path.substring(1) : path);
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
