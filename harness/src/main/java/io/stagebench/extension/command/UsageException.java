package io.stagebench.extension.command;

/**
 * Bad input found after parsing (an unknown benchmark, a value out of range, a corrupt
 * file): the command line prints its message as one line and exits 2. A contributed command
 * throws it as the harness's own commands do, so its bad input is reported the same way.
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
