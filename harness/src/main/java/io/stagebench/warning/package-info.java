/**
 * The catalogue of every warning the harness prints: what its line begins with, what it means and its fix
 * ({@link io.stagebench.warning.Warning}). The rooms that detect a degradation name the fix from here, the console
 * prints each warning through {@link io.stagebench.warning.Warning#line(String)}, and the manual's warnings tables are
 * generated from the same entries, so a fix printed and a fix documented cannot drift apart.
 *
 * <p>This package imports nothing of stagebench, so any package can depend on it.
 */
package io.stagebench.warning;
