/**
 * JSON in one configuration ({@link io.stagebench.json.Json}) for the launcher, and a reader and writer of records on
 * Jackson's streaming layer alone ({@link io.stagebench.json.RecordJson}) for the fork, whose start the data-binding
 * layer would slow by most of a second.
 *
 * <p>Runs on both sides. May use the floors alone (stats, system, text).
 */
package io.stagebench.json;
