package io.stagebench.cli;

/**
 * Bad input found after parsing (an unknown benchmark, a value out of range, a corrupt
 * file): the command line prints its message as one line and exits 2.
 */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
