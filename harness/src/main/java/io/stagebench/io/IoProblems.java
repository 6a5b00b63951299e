package io.stagebench.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * An I/O failure as one line a user can act on: the path and the reason, in words, e.g. {@code /proc/x: cannot write
 * (no such file or directory)} - never the exception's class name or a stack trace.
 */
public final class IoProblems {

    private IoProblems() {}

    /** @return "PATH: reason" for a failure about a file, else the failure's own message */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            return fs.getFile() + (fs.getOtherFile() != null ? " -> " + fs.getOtherFile() : "") + ": " + reason(fs);
        }
        return reason(e);
    }

    /**
     * @return a path the JVM cannot turn into a file name, in one line: the path, the reason and, where this JVM names
     *     files in an encoding other than UTF-8 (a C or POSIX locale), the fix
     */
    public static String invalidPath(InvalidPathException e) {
        return invalidPath(e, System.getProperty("sun.jnu.encoding", "UTF-8"));
    }

    /** As {@link #invalidPath(InvalidPathException)}, with the file-name encoding given. */
    static String invalidPath(InvalidPathException e, String fileNameEncoding) {
        String line = "the path '" + e.getInput() + "' cannot be a file name: " + e.getReason();
        if (fileNameEncoding.equalsIgnoreCase("UTF-8")) {
            return line;
        }
        // the JVM reads file names and arguments in the locale's encoding (sun.jnu.encoding, not settable by -D)
        return line + "; this JVM names files in " + fileNameEncoding
                + " (a C or POSIX locale): run it in a UTF-8 locale," + " e.g. LC_ALL=C.UTF-8";
    }

    /** @return why {@code e} happened, without the path: "permission denied", "no space left on device", ... */
    public static String reason(IOException e) {
        String reason = switch (e) {
            case NoSuchFileException x -> x.getReason() != null ? x.getReason() : "no such file or directory";
            case AccessDeniedException x -> x.getReason() != null ? x.getReason() : "permission denied";
            case FileAlreadyExistsException x -> x.getReason() != null ? x.getReason() : "already exists";
            case NotDirectoryException x -> x.getReason() != null ? x.getReason() : "not a directory";
            case DirectoryNotEmptyException x -> x.getReason() != null ? x.getReason() : "directory not empty";
            case FileSystemException x -> x.getReason();
            default -> e.getMessage();
        };
        if (reason == null || reason.isBlank()) {
            reason = e.getClass()
                    .getSimpleName()
                    .replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
        }
        String line = reason.replace('\n', ' ').strip();
        return line.isEmpty() ? line : Character.toLowerCase(line.charAt(0)) + line.substring(1);
    }
}
