package io.stagebench.api;

/**
 * A benchmark's code contradicts its {@link Benchmark} declaration: it looks up a tag it does not declare
 * ({@link BenchmarkParams#tag(String)}), or tags messages with an index outside its declared tags
 * ({@link Stamps#tag(int)}). Not a failed fork but a wrong benchmark: the fork stops with this one line and the
 * launcher stops the run and exits 2 with it, as for a bad flag.
 */
public final class DeclarationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** @param message one line naming the benchmark, what it did and what it declares */
    public DeclarationException(String message) {
        super(message);
    }
}
