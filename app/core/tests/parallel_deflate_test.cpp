// ParallelDeflate: the pieces form one zlib stream that plain inflate reads back exactly, the
// bytes do not depend on the thread count or on how the input was split into writes, the
// chunks in flight and the buffers stay within their bounds, and errors come out cleanly.
#include "core/parallel_deflate.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "test_pattern.hpp"

namespace app {
namespace {

using Bytes = std::vector<std::uint8_t>;

struct Compressed {
    Bytes stream;
    std::size_t pieces = 0;
    ParallelDeflate::Stats stats;
    std::size_t max_in_flight = 0, buffer_bound = 0;
};

// Compresses `input`, written in pieces of `write_size` bytes (0: all at once).
Compressed compress(const Bytes& input, ParallelDeflateOptions options, std::size_t write_size = 0) {
    Compressed out;
    ParallelDeflate zlib(options, [&](std::span<const std::uint8_t> piece) {
        out.stream.insert(out.stream.end(), piece.begin(), piece.end());
        ++out.pieces;
    });
    const std::size_t step = write_size == 0 ? std::max<std::size_t>(input.size(), 1) : write_size;
    for (std::size_t at = 0; at < input.size(); at += step)
        zlib.write(std::span(input).subspan(at, std::min(step, input.size() - at)));
    zlib.finish();
    out.stats         = zlib.stats();
    out.max_in_flight = zlib.max_in_flight();
    out.buffer_bound  = zlib.buffer_bound();
    return out;
}

// Plain single-call inflate of a zlib stream (header and Adler-32 checked); "" on success, else
// zlib's complaint. Trailing bytes after the stream are an error too.
std::string inflate_all(const Bytes& stream, Bytes& out, std::size_t expected_size) {
    out.assign(expected_size + 1, 0);  // one spare byte: too much output shows
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return "inflateInit";
    z.next_in                 = const_cast<Bytef*>(stream.data());
    z.avail_in                = static_cast<uInt>(stream.size());
    z.next_out                = out.data();
    z.avail_out               = static_cast<uInt>(out.size());
    const int result          = inflate(&z, Z_FINISH);
    const std::string message = z.msg ? z.msg : "";
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(z.total_out), out.end());  // shrink only
    const uInt left = z.avail_in;
    inflateEnd(&z);
    if (result != Z_STREAM_END) return "inflate returned " + std::to_string(result) + " " + message;
    if (left != 0) return std::to_string(left) + " bytes after the end of the stream";
    return "";
}

ParallelDeflateOptions opts(unsigned threads, std::size_t chunk_bytes, int level = 6) {
    ParallelDeflateOptions options;
    options.threads     = threads;
    options.chunk_bytes = chunk_bytes;
    options.level       = level;
    return options;
}

TEST(ParallelDeflate, InflatesToTheInputAtEverySizeAndLevel) {
    // Sizes around the cuts: empty, one byte, exactly one and two chunks, one byte more, and many
    // chunks smaller than the 32 KiB dictionary (so a dictionary spans several chunks).
    const std::size_t chunk = 5000;
    for (std::size_t size :
         {std::size_t{0}, std::size_t{1}, chunk - 1, chunk, chunk + 1, 2 * chunk, std::size_t{123457}}) {
        for (int level : {0, 1, 6, 9}) {
            const Bytes input  = testing::pattern_bytes(size, static_cast<std::uint32_t>(size));
            const Compressed c = compress(input, opts(3, chunk, level));
            Bytes back;
            ASSERT_EQ(inflate_all(c.stream, back, input.size()), "") << size << " bytes, level " << level;
            ASSERT_EQ(back, input) << size << " bytes, level " << level;
            EXPECT_EQ(c.stats.chunks, std::max<std::size_t>(1, (size + chunk - 1) / chunk)) << size;
            EXPECT_EQ(c.pieces, c.stats.chunks);
        }
    }
}

TEST(ParallelDeflate, MatchesReachAcrossChunkCuts) {
    // The pattern repeats every 20011 bytes, so 4 KiB chunks started cold (no dictionary) lose
    // most matches; with the 32 KiB before them as dictionary they compress like one stream.
    const Bytes input       = testing::pattern_bytes(400000, 1);
    const std::size_t chunk = 4096;
    std::size_t cold        = 0;
    for (std::size_t at = 0; at < input.size(); at += chunk) {
        Bytes out(compressBound(static_cast<uLong>(chunk)));
        uLongf size = static_cast<uLongf>(out.size());
        ASSERT_EQ(compress2(out.data(), &size, input.data() + at,
                            static_cast<uLong>(std::min(chunk, input.size() - at)), 6),
                  Z_OK);
        cold += size;
    }
    const std::size_t whole   = compress(input, opts(2, 1 << 20)).stream.size();
    const std::size_t chunked = compress(input, opts(2, chunk)).stream.size();
    EXPECT_GT(cold, whole + whole / 3);  // the check below can fail
    EXPECT_LT(chunked, whole + whole / 20) << "whole " << whole << ", cold chunks " << cold;
}

TEST(ParallelDeflate, SameBytesForEveryThreadCountAndWriteSplit) {
    const Bytes input     = testing::pattern_bytes(300001, 2);
    const Bytes reference = compress(input, opts(1, 7000)).stream;
    for (unsigned threads : {2u, 7u})
        EXPECT_EQ(compress(input, opts(threads, 7000)).stream, reference) << threads;
    EXPECT_EQ(compress(input, opts(2, 7000), 1).stream, reference) << "byte by byte";
    EXPECT_EQ(compress(input, opts(7, 7000), 6999).stream, reference) << "in 6999-byte writes";
    // The comparison can fail: the chunk size is part of the output's identity.
    EXPECT_NE(compress(input, opts(1, 7001)).stream, reference);
}

TEST(ParallelDeflate, ChunksInFlightAndBuffersStayBounded) {
    ParallelDeflateOptions options = opts(3, 2000);
    options.chunks_per_thread      = 2;
    const Compressed some          = compress(testing::pattern_bytes(40000, 3), options);   // 20 chunks
    const Compressed many          = compress(testing::pattern_bytes(400000, 3), options);  // 200 chunks
    EXPECT_EQ(many.max_in_flight, 6u);
    EXPECT_EQ(many.stats.chunks, 200u);
    EXPECT_LE(many.stats.peak_in_flight, many.max_in_flight);
    EXPECT_LE(many.stats.peak_buffer_bytes, many.buffer_bound);
    // Ten times the input, the same buffers: memory does not grow with the input.
    EXPECT_EQ(many.stats.peak_buffer_bytes, some.stats.peak_buffer_bytes);
    EXPECT_GT(many.stats.peak_buffer_bytes, 0u);
}

TEST(ParallelDeflate, ZeroThreadsMeansOnePerHardwareThread) {
    ParallelDeflate zlib(opts(0, 1000), [](std::span<const std::uint8_t>) {});
    EXPECT_GE(zlib.threads(), 1u);
    EXPECT_EQ(zlib.max_in_flight(), zlib.threads() * ParallelDeflateOptions{}.chunks_per_thread);
}

TEST(ParallelDeflate, RejectsOptionsOutOfRange) {
    const auto sink = [](std::span<const std::uint8_t>) {};
    EXPECT_THROW(ParallelDeflate(opts(1, 1000, 10), sink), std::invalid_argument);
    EXPECT_THROW(ParallelDeflate(opts(1, 1000, -1), sink), std::invalid_argument);
    EXPECT_THROW(ParallelDeflate(opts(1, 0), sink), std::invalid_argument);
    EXPECT_THROW(ParallelDeflate(opts(1, (std::size_t{64} << 20) + 1), sink), std::invalid_argument);
    ParallelDeflateOptions none = opts(1, 1000);
    none.chunks_per_thread      = 0;
    EXPECT_THROW(ParallelDeflate(none, sink), std::invalid_argument);
    EXPECT_THROW(ParallelDeflate(opts(1, 1000), nullptr), std::invalid_argument);
}

TEST(ParallelDeflate, ASinkErrorComesOutAndLeavesItUnusable) {
    const Bytes input = testing::pattern_bytes(100000, 4);
    int calls         = 0;
    ParallelDeflate zlib(opts(2, 1000), [&](std::span<const std::uint8_t>) {
        if (++calls == 3) throw std::runtime_error("disk full");
    });
    EXPECT_THROW(
        {
            zlib.write(input);
            zlib.finish();
        },
        std::runtime_error);
    EXPECT_EQ(calls, 3);
    EXPECT_THROW(zlib.write(input), std::logic_error);
    EXPECT_THROW(zlib.finish(), std::logic_error);
}  // the destructor stops the workers with chunks still queued

TEST(ParallelDeflate, DestroyedMidStreamStopsWithoutFlushing) {
    std::size_t pieces = 0, before_destruction = 0;
    {
        ParallelDeflate zlib(opts(2, 1000), [&](std::span<const std::uint8_t>) { ++pieces; });
        zlib.write(testing::pattern_bytes(50000, 5));
        before_destruction = pieces;
    }  // no finish, as when an export is cancelled: queued chunks are dropped, not written
    EXPECT_EQ(pieces, before_destruction);
}

TEST(ParallelDeflate, UsedAfterFinishIsAnError) {
    ParallelDeflate zlib(opts(1, 1000), [](std::span<const std::uint8_t>) {});
    zlib.finish();
    const Bytes more(10, 0);
    EXPECT_THROW(zlib.write(more), std::logic_error);
    EXPECT_THROW(zlib.finish(), std::logic_error);
}

}  // namespace
}  // namespace app
