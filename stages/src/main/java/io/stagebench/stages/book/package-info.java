/**
 * The book stage: {@link io.stagebench.stages.book.OrderBook}, a fixed-capacity price-level limit order book per stock
 * locate with orders found by reference number through a primitive open-addressing map
 * ({@link io.stagebench.stages.book.LongIntHashMap}).
 */
package io.stagebench.stages.book;
