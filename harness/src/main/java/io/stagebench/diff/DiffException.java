package io.stagebench.diff;

import io.stagebench.config.UsageException;

/**
 * Stored results that cannot be compared: an unknown commit, a commit without results, an unreadable or unknown-schema
 * {@code summary.json}, two runs with no benchmark in common. The message is one line saying what is wrong and where;
 * the command line exits 2 with it, as for any {@link UsageException}. The comparison's own kind of it, so that a
 * bisection can skip a pair of commits it cannot compare and go on.
 */
public final class DiffException extends UsageException {

    private static final long serialVersionUID = 1L;

    public DiffException(String message) {
        super(message);
    }

    public DiffException(String message, Throwable cause) {
        super(message, cause);
    }
}
