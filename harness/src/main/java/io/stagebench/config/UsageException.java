package io.stagebench.config;

/**
 * Bad input found after parsing (an unknown benchmark, a value out of range, a corrupt file): the command line prints
 * its message as one line and exits 2. A contributed command throws it as the harness's own commands do, so its bad
 * input is reported the same way.
 *
 * <p>The one type of a user's error: the store's and the comparison's kinds of it ({@code StoreException},
 * {@code DiffException}) extend it, so that the command line has one path to exit 2 while a caller that can go on
 * without one run or one comparison still catches just that kind.
 */
public class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
