// ParallelDeflate: a ring of chunk slots filled in order by the caller, compressed by a pool of
// workers in any order, and handed to the sink in order again.
//
// A slot's life: free -> (caller fills it) -> queued -> (a worker compresses it) -> done ->
// (caller passes it to the sink) -> free. The slot for chunk k is slots[k % n]; the caller may
// refill it only once chunk k - n has gone to the sink, which is what bounds the memory.
#include "core/parallel_deflate.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace app {
namespace {

// Deflate looks back at most this far, so this much of the preceding input is all a chunk needs.
constexpr std::size_t dictionary_bytes = 32 * 1024;
constexpr std::size_t header_bytes     = 2;  // zlib header, in front of the first piece
constexpr std::size_t trailer_bytes    = 4;  // Adler-32, behind the last piece
constexpr std::size_t max_chunk_bytes  = std::size_t{64} << 20;

// A fresh zlib compressor (about 256 KiB) for each chunk. Not one per worker reused through
// deflateReset: a reset keeps the old window, and near the end of its input deflate compares a
// few bytes past the data when it ranks candidate matches, so a reused stream's choice of match
// could depend on which chunk that worker compressed before, and the bytes on the thread count.
// (Not seen in tests, but nothing in zlib's contract rules it out.) A fresh stream zeroes what it
// reads past the data (zlib's high_water) and costs no measurable time at 256 KiB chunks.
class Deflater {
  public:
    explicit Deflater(int level) {
        // windowBits -15: raw deflate, the header and checksum are written by hand around the pieces.
        const int status = deflateInit2(&z_, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
        if (status == Z_MEM_ERROR) throw std::bad_alloc();  // the caller reports memory, not the file
        if (status != Z_OK) throw std::runtime_error("zlib: cannot start a compressor");
        live_ = true;
    }
    ~Deflater() {
        if (live_) deflateEnd(&z_);
    }
    Deflater(const Deflater&)            = delete;
    Deflater& operator=(const Deflater&) = delete;
    z_stream& z() { return z_; }

  private:
    z_stream z_{};
    bool live_ = false;
};

// The zlib header for this level: deflate with a 32 KiB window, the level hint zlib itself
// would write, and the check bits that make the pair a multiple of 31 (RFC 1950).
std::array<std::uint8_t, 2> zlib_header(int level) {
    const unsigned hint = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    const unsigned cmf = 0x78, flg = hint << 6;
    return {static_cast<std::uint8_t>(cmf), static_cast<std::uint8_t>(flg + 31 - (cmf * 256 + flg) % 31)};
}

}  // namespace

struct ParallelDeflate::Impl {
    struct Slot {
        enum class State { free, queued, done };
        State state = State::free;
        std::vector<std::uint8_t> input;  // [dictionary][data]
        std::size_t dictionary = 0;
        bool last              = false;
        std::vector<std::uint8_t> output;  // [room for the header][compressed][room for the trailer]
        std::size_t compressed = 0;
        std::uint32_t adler    = 1;
        std::exception_ptr error;
        std::size_t bytes_held = 0;  // input + output capacity, as the caller last saw them
    };

    ParallelDeflateOptions options;
    Sink sink;
    std::size_t output_room = 0;  // header + deflateBound(chunk_bytes) + trailer
    std::vector<Slot> slots;

    // Shared with the workers, under `mutex`.
    std::mutex mutex;
    std::condition_variable work_ready, chunk_done;
    std::deque<Slot*> queue;
    bool stopping = false;
    std::vector<std::thread> workers;

    // The caller's side.
    std::uint64_t filling = 0;      // the chunk being filled
    bool open             = false;  // whether `filling` has its slot yet
    std::uint64_t written = 0;      // chunks passed to the sink
    std::uint32_t adler   = 1;      // of the input passed to the sink so far
    bool failed           = false;
    bool finished         = false;
    Stats stats;

    ~Impl() {
        {
            std::lock_guard lock(mutex);
            stopping = true;
        }
        work_ready.notify_all();
        for (auto& worker : workers) worker.join();
    }

    Slot& slot(std::uint64_t chunk) { return slots[static_cast<std::size_t>(chunk % slots.size())]; }

    // ---- worker side ----

    void run() {
        for (;;) {
            Slot* job = nullptr;
            {
                std::unique_lock lock(mutex);
                work_ready.wait(lock, [&] { return stopping || !queue.empty(); });
                if (stopping) return;
                job = queue.front();
                queue.pop_front();
            }
            try {
                compress(*job, options.level);
            } catch (...) {
                job->error = std::current_exception();
            }
            {
                std::lock_guard lock(mutex);
                job->state = Slot::State::done;
            }
            chunk_done.notify_one();  // only the caller ever waits for a chunk
        }
    }

    static void compress(Slot& job, int level) {
        const std::size_t size = job.input.size() - job.dictionary;
        Deflater deflater(level);
        z_stream& z = deflater.z();
        if (job.dictionary > 0 &&
            deflateSetDictionary(&z, job.input.data(), static_cast<uInt>(job.dictionary)) != Z_OK)
            throw std::runtime_error("zlib: deflateSetDictionary failed");
        job.adler = static_cast<std::uint32_t>(
            adler32(1, job.input.data() + job.dictionary, static_cast<uInt>(size)));
        z.next_in        = job.input.data() + job.dictionary;
        z.avail_in       = static_cast<uInt>(size);
        const int flush  = job.last ? Z_FINISH : Z_SYNC_FLUSH;
        std::size_t used = header_bytes;
        z.next_out       = job.output.data() + used;
        z.avail_out      = static_cast<uInt>(job.output.size() - trailer_bytes - used);
        for (;;) {
            const int result = deflate(&z, flush);
            used             = static_cast<std::size_t>(z.next_out - job.output.data());
            if (result == Z_STREAM_ERROR) throw std::runtime_error("zlib: deflate failed");
            // Done when Z_FINISH reports the end, or a sync flush returns with room to spare.
            if (job.last ? result == Z_STREAM_END : z.avail_out != 0) break;
            if (z.avail_out != 0) throw std::runtime_error("zlib: deflate made no progress");
            // The buffer has deflateBound's size plus slack; growing is only a safety net.
            job.output.resize(job.output.size() * 2);
            z.next_out  = job.output.data() + used;
            z.avail_out = static_cast<uInt>(job.output.size() - trailer_bytes - used);
        }
        job.compressed = used - header_bytes;
    }

    // ---- caller side ----

    void check_usable() const {
        if (failed) throw std::logic_error("ParallelDeflate: used after an error");
        if (finished) throw std::logic_error("ParallelDeflate: used after finish");
    }

    // Gives chunk `filling` its slot: waits until the slot's previous chunk is in the stream,
    // then starts the input with the last 32 KiB of the stream as the dictionary.
    Slot& open_chunk() {
        Slot& next = slot(filling);
        if (open) return next;
        while (written + slots.size() <= filling) pass_oldest(true);
        next.input.clear();
        next.input.reserve(dictionary_bytes + options.chunk_bytes);
        if (filling > 0) {
            // The previous chunk's input ends with the stream's last bytes (its own dictionary
            // covers any shortfall). A worker may be reading it: reading is all we do too.
            const auto& before = slot(filling - 1).input;
            next.dictionary    = std::min(dictionary_bytes, before.size());
            next.input.insert(next.input.end(), before.end() - static_cast<std::ptrdiff_t>(next.dictionary),
                              before.end());
        } else {
            next.dictionary = 0;
        }
        if (next.output.size() < output_room) next.output.resize(output_room);
        note_buffer(next);
        open = true;
        return next;
    }

    void submit(bool last) {
        Slot& job = slot(filling);
        job.last  = last;
        job.error = nullptr;
        {
            std::lock_guard lock(mutex);
            job.state = Slot::State::queued;
            queue.push_back(&job);
        }
        work_ready.notify_one();
        ++filling;
        open = false;
        ++stats.chunks;
        stats.peak_in_flight = std::max(stats.peak_in_flight, static_cast<std::size_t>(filling - written));
        while (written < filling && pass_oldest(false)) {
        }
    }

    // Passes the oldest unwritten chunk to the sink; with `wait` false only if it is done.
    bool pass_oldest(bool wait) {
        Slot& done = slot(written);
        {
            std::unique_lock lock(mutex);
            if (wait)
                chunk_done.wait(lock, [&] { return done.state == Slot::State::done; });
            else if (done.state != Slot::State::done)
                return false;
            done.state = Slot::State::free;
        }
        note_buffer(done);
        if (done.error) std::rethrow_exception(done.error);
        const std::size_t size = done.input.size() - done.dictionary;
        adler = static_cast<std::uint32_t>(adler32_combine(adler, done.adler, static_cast<z_off_t>(size)));
        std::uint8_t* begin = done.output.data() + header_bytes;
        std::uint8_t* end   = begin + done.compressed;
        if (written == 0) {
            const auto header = zlib_header(options.level);
            begin -= header_bytes;
            std::copy(header.begin(), header.end(), begin);
        }
        if (done.last) {
            for (int shift = 24; shift >= 0; shift -= 8) *end++ = static_cast<std::uint8_t>(adler >> shift);
        }
        ++written;  // before the sink: a throwing sink leaves the object failed either way
        sink(std::span<const std::uint8_t>(begin, end));
        return true;
    }

    // Called whenever a slot's buffers may have changed size, from the caller's thread while no
    // worker holds the slot.
    void note_buffer(Slot& s) {
        const std::size_t now = s.input.capacity() + s.output.capacity();
        std::size_t total     = 0;
        s.bytes_held          = now;
        for (const auto& each : slots) total += each.bytes_held;
        stats.peak_buffer_bytes = std::max(stats.peak_buffer_bytes, total);
    }

    // Runs `step` and marks the object unusable if it throws.
    template <class Step>
    void guarded(Step step) {
        check_usable();
        try {
            step();
        } catch (...) {
            failed = true;
            throw;
        }
    }
};

ParallelDeflate::ParallelDeflate(const ParallelDeflateOptions& options, Sink sink)
    : impl_(std::make_unique<Impl>()) {
    if (options.level < 0 || options.level > 9)
        throw std::invalid_argument("ParallelDeflate: level " + std::to_string(options.level) +
                                    " is not 0..9");
    if (options.chunk_bytes < 1 || options.chunk_bytes > max_chunk_bytes)
        throw std::invalid_argument("ParallelDeflate: chunk_bytes out of range");
    if (options.chunks_per_thread < 1) throw std::invalid_argument("ParallelDeflate: chunks_per_thread < 1");
    if (!sink) throw std::invalid_argument("ParallelDeflate: no sink");
    Impl& impl   = *impl_;
    impl.options = options;
    impl.options.threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    impl.sink = std::move(sink);
    Deflater probe(options.level);  // fails here, on the caller's thread, if zlib cannot start
    // Slack for the sync-flush marker, which deflateBound does not count.
    impl.output_room =
        header_bytes + deflateBound(&probe.z(), static_cast<uLong>(options.chunk_bytes)) + 16 + trailer_bytes;
    impl.slots =
        std::vector<Impl::Slot>(static_cast<std::size_t>(impl.options.threads) * options.chunks_per_thread);
    // If a thread fails to start, ~Impl (impl_ is already built) joins the ones that did.
    for (unsigned i = 0; i < impl.options.threads; ++i) impl.workers.emplace_back([&impl] { impl.run(); });
}

ParallelDeflate::~ParallelDeflate() = default;

void ParallelDeflate::write(std::span<const std::uint8_t> data) {
    impl_->guarded([&] {
        Impl& impl = *impl_;
        while (!data.empty()) {
            Impl::Slot& chunk      = impl.open_chunk();
            const std::size_t room = impl.options.chunk_bytes - (chunk.input.size() - chunk.dictionary);
            if (room == 0) {  // full, and more input follows: it is not the last chunk
                impl.submit(false);
                continue;
            }
            const std::size_t take = std::min(room, data.size());
            chunk.input.insert(chunk.input.end(), data.begin(),
                               data.begin() + static_cast<std::ptrdiff_t>(take));
            data = data.subspan(take);
        }
    });
}

void ParallelDeflate::finish() {
    impl_->guarded([&] {
        Impl& impl = *impl_;
        impl.open_chunk();  // an empty input still needs its (empty) final block
        impl.submit(true);
        while (impl.written < impl.filling) impl.pass_oldest(true);
        impl.finished = true;
    });
}

ParallelDeflate::Stats ParallelDeflate::stats() const { return impl_->stats; }
unsigned ParallelDeflate::threads() const { return impl_->options.threads; }
std::size_t ParallelDeflate::max_in_flight() const { return impl_->slots.size(); }
std::size_t ParallelDeflate::buffer_bound() const {
    return impl_->slots.size() * (dictionary_bytes + impl_->options.chunk_bytes + impl_->output_room);
}

}  // namespace app
