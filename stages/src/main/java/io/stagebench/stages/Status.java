package io.stagebench.stages;

/**
 * Status codes returned by the stages instead of exceptions.
 *
 * <ul>
 *   <li>{@link #OK} ({@code 0}): the stage did its work (decoded, applied).
 *   <li>{@link #IGNORED} ({@code -1}): a valid message this stage has nothing to do with (an ITCH type the parser only
 *       skips, a trade the book does not hold).
 *   <li>{@code > 0}: rejected, the value is {@link RejectReason#code()}.
 * </ul>
 */
public final class Status {

    /** The stage did its work. */
    public static final int OK = 0;
    /** Valid input this stage has no work for. */
    public static final int IGNORED = -1;

    private Status() {}

    /** @return whether {@code status} is a rejection code */
    public static boolean isRejected(int status) {
        return status > 0;
    }
}
