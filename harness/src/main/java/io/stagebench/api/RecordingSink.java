package io.stagebench.api;

/** The runner's side of {@link Sink}: after the measured loop it publishes the fold, so the fold escapes. */
public final class RecordingSink extends Sink {

    private volatile long published;

    /**
     * Publishes the fold after the measured loop, so it escapes even where the JIT could see the object's end.
     *
     * @return the fold (0 where values went to compiler blackholes)
     */
    public long publish() {
        published = folded;
        return published;
    }
}
