// app/core/parallel_deflate.hpp: one zlib stream, compressed in parallel chunks (the pigz scheme).
//
//     app::ParallelDeflate zlib({.threads = 2, .level = 6}, [&](std::span<const std::uint8_t> piece) {
//         file.write(piece.data(), piece.size());      // called in stream order, on this thread
//     });
//     zlib.write(bytes);                                // as often as needed, any sizes
//     zlib.finish();                                    // the sink now has the whole stream
//
// How: the input is cut every `chunk_bytes` bytes. Each chunk is raw-deflated on its own by one
// of `threads` workers, with the 32 KiB of input before it as a preset dictionary (so matches
// still reach back across the cut), and ends on a byte boundary with Z_SYNC_FLUSH (the last one
// with Z_FINISH). The pieces in order are therefore one deflate stream that any inflater reads
// in one go; the zlib header before it and the Adler-32 of the whole input after it
// (adler32_combine of the chunks') make it the zlib stream a PNG's IDAT data must be.
//
// Deterministic: the cuts depend on chunk_bytes alone, never on the thread count, the timing or
// how the caller splits its writes, and a chunk's bytes depend only on its data and dictionary.
// So the same input gives the same stream for every thread count.
//
// Cost against one zlib stream: each cut ends a deflate block early (its code tables are sent
// again) and adds a 4-byte sync marker, about 50 bytes per chunk: +0.1 % in size at the default
// 256 KiB against 1 MiB chunks (16384^2 png16, level 4), plus loading each dictionary (~1 %).
//
// Memory: at most threads * chunks_per_thread chunks live at once (being filled, queued, being
// compressed, or done and waiting for their turn in the stream); write() blocks while all are
// taken, so the buffers never exceed buffer_bound() (3.3 MB with 2 threads and the defaults),
// plus zlib's 256 KiB per chunk being compressed, whatever the input size. stats() reports the
// high-water marks.
//
// Tuning (2 cores, 16384^2 png16 export at level 4, rendering on 2 threads beside): 2 threads
// 5.3 s, 1 thread 7.7 s, 3 or 4 threads 5.5 s; 3 chunks per thread as fast as 6 and faster than
// 2 (5.6 s) or 1 (6.0 s); 256 KiB chunks as fast as 1 MiB (which need 9 MB more) and faster
// than 64 KiB (5.7 s, and +0.4 % in size).
//
// Threads and errors: write(), finish() and the sink run on the caller's thread; only deflate
// runs on the workers. An exception from the sink (disk full ...) or a worker (out of memory)
// comes out of write() or finish(); the object is then unusable and should be destroyed. The
// destructor (an export cancelled or failed) drops the queued chunks and waits only for those
// being compressed, a few ms each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace app {

struct ParallelDeflateOptions {
    unsigned threads           = 0;           // compression workers; 0: one per hardware thread
    int level                  = 6;           // zlib's 0..9
    std::size_t chunk_bytes    = 256 * 1024;  // input per chunk, 1 byte to 64 MiB
    unsigned chunks_per_thread = 3;           // >= 1; 2-3 keeps every worker fed
};

class ParallelDeflate {
  public:
    using Sink = std::function<void(std::span<const std::uint8_t>)>;

    // Throws std::invalid_argument for options out of range, std::runtime_error if zlib or the
    // threads cannot start.
    ParallelDeflate(const ParallelDeflateOptions& options, Sink sink);
    ~ParallelDeflate();
    ParallelDeflate(const ParallelDeflate&)            = delete;
    ParallelDeflate& operator=(const ParallelDeflate&) = delete;

    void write(std::span<const std::uint8_t> data);
    // Compresses the rest and hands the last piece (with the Adler-32) to the sink.
    void finish();

    struct Stats {
        std::size_t chunks            = 0;  // chunks submitted so far
        std::size_t peak_in_flight    = 0;  // most chunks submitted but not yet passed to the sink
        std::size_t peak_buffer_bytes = 0;  // most bytes held by the chunk buffers at once
    };
    Stats stats() const;

    // Workers actually started (threads = 0 resolved), the chunks that may be live at once, and
    // the bytes their buffers can hold; peak_buffer_bytes never exceeds buffer_bound().
    unsigned threads() const;
    std::size_t max_in_flight() const;
    std::size_t buffer_bound() const;

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace app
