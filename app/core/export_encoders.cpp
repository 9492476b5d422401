// The encoders of export_encoders.hpp: from the heights, from the gradients, from the simulation.
#include "core/export_encoders.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#include "core/caption.hpp"
#include "core/colour.hpp"
#include "core/export_facts.hpp"
#include "core/export_failure.hpp"
#include "core/exr_stream_writer.hpp"
#include "core/normal_map.hpp"
#include "core/png_stream_writer.hpp"
#include "core/png_text.hpp"
#include "core/terrain_masks.hpp"
#include "core/texture_layers.hpp"
#include "core/value_mapping.hpp"

namespace app {

using export_failure::cancelled;
using export_failure::fail;
using export_failure::not_finite;

namespace {

// The row `r` of a band inside the block rendered for it, whose first pixel sits at (x0, y0).
const float* block_row(std::span<const float> raw, int block_width, int x0, int y0, int r) {
    return raw.data() + static_cast<std::size_t>(y0 + r) * static_cast<std::size_t>(block_width) +
           static_cast<std::size_t>(x0);
}

// [SECTION] The PNG container every 8- and 16-bit image goes through.

PngPixels png_pixels(ExportFormat format) {
    switch (format) {
        case ExportFormat::png8:
        case ExportFormat::weights8:
            return PngPixels::gray8;
        case ExportFormat::rgb8:
        case ExportFormat::normal8:
            return PngPixels::rgb8;
        case ExportFormat::splat8:
            return PngPixels::rgba8;
        default:
            return PngPixels::gray16;  // png16, mask16, weights16
    }
}

// A PNG's rows on their way to the file, each with its part of the caption (if any) painted over
// it; the preset and the export facts in text chunks.
class PngRows {
  public:
    PngRows(const EncodeInputs& in, AtomicFile& file)
        : width_(in.window.columns()),
          texts_{{std::string(png_preset_key), preset_to_json(in.preset)},
                 {std::string(png_export_key),
                  export_facts_json(in.preset, in.request, in.window, in.range, false)}},
          png_(file, in.window.columns(), in.window.rows(), png_pixels(in.request.format), texts_,
               PngCompression{.threads = in.request.threads}) {
        if (!in.request.caption.empty())
            caption_.emplace(in.request.caption, in.window.columns(), in.window.rows());
    }

    std::size_t row_bytes() const { return png_.row_bytes(); }

    // The next row of the window, from its top.
    void write(std::span<std::uint8_t> row) {
        if (caption_)
            caption_->paint_row(next_row_, row,
                                static_cast<int>(row.size() / static_cast<std::size_t>(width_)));
        png_.write_row(row);
        ++next_row_;
    }
    // Whole rows, one after another.
    void write_rows(std::span<std::uint8_t> rows) {
        for (std::size_t at = 0; at + row_bytes() <= rows.size(); at += row_bytes())
            write(rows.subspan(at, row_bytes()));
    }
    void finish() { png_.finish(); }

  private:
    int width_;
    std::vector<PngTextChunk> texts_;  // before png_, which holds on to them
    PngStreamWriter png_;
    std::optional<Caption> caption_;
    int next_row_ = 0;
};

// [SECTION] From the heights.

// Renders each band (with the halo the format reads) and hands it to encode().
class HeightEncoder : public ExportEncoder {
  public:
    HeightEncoder(const EncodeInputs& in, int halo) : in_(in), halo_(halo) {}

    int halo() const override { return halo_; }
    void write_band(const noise::Region& band) override {
        const int width = in_.request.size.width, height = in_.request.size.height;
        const noise::Region block{width,
                                  height,
                                  std::max(band.x0 - halo_, 0),
                                  std::max(band.y0 - halo_, 0),
                                  std::min(band.x1 + halo_, width),
                                  std::min(band.y1 + halo_, height)};
        render_block(in_.noise, block, raw_, in_.request, in_.cancel);
        encode(raw_, block.columns(), block.rows(), band.x0 - block.x0, band.y0 - block.y0, band.rows());
    }

  protected:
    // `raw` holds the block; (x0, y0) is where the band's first pixel sits inside it.
    virtual void encode(std::span<const float> raw, int block_width, int block_height, int x0, int y0,
                        int rows) = 0;

    EncodeInputs in_;

  private:
    int halo_;
    std::vector<float> raw_;
};

// png8, rgb8 (the ramp and hillshade of colour.hpp, as on screen), png16 and mask16's height.
class PngHeightEncoder final : public HeightEncoder {
  public:
    PngHeightEncoder(const EncodeInputs& in, AtomicFile& file)
        : HeightEncoder(in, in.request.format == ExportFormat::rgb8 && in.preset.view.hillshade ? 1 : 0),
          // rgb8's hillshade in the terrain's metres at this size (terrain_scale.hpp).
          view_(terrain_view(in.preset.params, in.preset.view, in.request.size.width)),
          png_(in, file),
          row_(png_.row_bytes()) {}

    void finish() override { png_.finish(); }

  private:
    void encode(std::span<const float> raw, int block_width, int block_height, int x0, int y0,
                int rows) override {
        const int width = in_.window.columns();
        if (in_.request.format == ExportFormat::rgb8) {
            band_rgb_.resize(row_.size() * static_cast<std::size_t>(rows));
            colourise_window(raw, {block_width, block_height, x0, y0, width, rows}, view_, in_.range,
                             PixelBytes::rgb, band_rgb_);
            png_.write_rows(band_rgb_);
            return;
        }
        for (int r = 0; r < rows; ++r) {
            const float* in = block_row(raw, block_width, x0, y0, r);
            if (in_.request.format == ExportFormat::png8) {
                for (int x = 0; x < width; ++x)
                    row_[static_cast<std::size_t>(x)] = to_gray8(unit_value(in[x], in_.range));
            } else {
                gray16_.resize(static_cast<std::size_t>(width));
                to_gray16_row(std::span(in, gray16_.size()), in_.range, gray16_);
                for (std::size_t x = 0; x < gray16_.size(); ++x) put_png16(gray16_[x], &row_[2 * x]);
            }
            png_.write(row_);
        }
    }

    ViewSettings view_;
    PngRows png_;
    std::vector<std::uint8_t> row_;
    std::vector<std::uint8_t> band_rgb_;
    std::vector<std::uint16_t> gray16_;
};

// r16: headerless 16-bit little-endian samples.
class R16Encoder final : public HeightEncoder {
  public:
    R16Encoder(const EncodeInputs& in, AtomicFile& file) : HeightEncoder(in, 0), file_(file) {}
    void finish() override {}

  private:
    // A band's samples are mapped a row at a time (to_gray16_row, SIMD) and written at once.
    void encode(std::span<const float> raw, int block_width, int, int x0, int y0, int rows) override {
        const auto width = static_cast<std::size_t>(in_.window.columns());
        band_.resize(width * static_cast<std::size_t>(rows));
        for (int r = 0; r < rows; ++r)
            to_gray16_row(std::span(block_row(raw, block_width, x0, y0, r), width), in_.range,
                          std::span(band_).subspan(width * static_cast<std::size_t>(r), width));
        if constexpr (std::endian::native == std::endian::big) {  // r16 is little-endian whatever the host
            for (std::uint16_t& v : band_) v = static_cast<std::uint16_t>((v >> 8) | (v << 8));
        }
        file_.write(band_.data(), band_.size() * sizeof(std::uint16_t));
    }

    AtomicFile& file_;
    std::vector<std::uint16_t> band_;
};

// r32 and exr32: a band of floats, mapped to [0, 1] or raw (request.float_values), to the file or
// to OpenEXR.
class FloatEncoder final : public HeightEncoder {
  public:
    FloatEncoder(const EncodeInputs& in, AtomicFile& file) : HeightEncoder(in, 0), file_(file) {
        if (in.request.format != ExportFormat::exr32) return;
        const std::vector<std::pair<std::string, std::string>> texts{
            {std::string(exr_preset_attribute), preset_to_json(in.preset)},
            {std::string(exr_export_attribute),
             export_facts_json(in.preset, in.request, in.window, in.range, false)}};
        exr_ = std::make_unique<ExrStreamWriter>(file, in.window.columns(), in.window.rows(), texts);
    }
    void finish() override {
        if (exr_) exr_->finish();
    }

  private:
    void encode(std::span<const float> raw, int block_width, int, int x0, int y0, int rows) override {
        const auto width = static_cast<std::size_t>(in_.window.columns());
        band_.resize(width * static_cast<std::size_t>(rows));
        for (int r = 0; r < rows; ++r) {
            const float* in = block_row(raw, block_width, x0, y0, r);
            float* out      = band_.data() + width * static_cast<std::size_t>(r);
            if (in_.request.float_values == FloatValues::raw)
                std::copy_n(in, width, out);
            else
                for (std::size_t x = 0; x < width; ++x)
                    out[x] = static_cast<float>(unit_value(in[x], in_.range));
        }
        if (exr_) {
            exr_->write_rows(band_);
            return;
        }
        if constexpr (std::endian::native == std::endian::big) {  // r32 is little-endian whatever the host
            for (float& v : band_)
                v = std::bit_cast<float>(__builtin_bswap32(std::bit_cast<std::uint32_t>(v)));
        }
        file_.write(band_.data(), band_.size() * sizeof(float));
    }

    AtomicFile& file_;
    std::unique_ptr<ExrStreamWriter> exr_;  // null: r32
    std::vector<float> band_;
};

// [SECTION] From the gradients, and from the simulation: no heights rendered, no halo (the
// gradients come from the field at each pixel's own point).

// A PNG whose rows are made per pixel from the field's gradients or the simulation's maps.
class MapEncoder : public ExportEncoder {
  public:
    MapEncoder(const EncodeInputs& in, AtomicFile& file) : in_(in), png_(in, file) {}

    void write_band(const noise::Region& band) final {
        make_rows(band, rows_);
        png_.write_rows(rows_);
    }
    void finish() final { png_.finish(); }

  protected:
    // The band's PNG rows into `rows` (resized).
    virtual void make_rows(const noise::Region& band, std::vector<std::uint8_t>& rows) = 0;

    EncodeInputs in_;

  private:
    PngRows png_;
    std::vector<std::uint8_t> rows_;
};

// normal8: a tangent-space normal map of the mapped surface in metres.
class NormalEncoder final : public MapEncoder {
  public:
    using MapEncoder::MapEncoder;

  private:
    void make_rows(const noise::Region& band, std::vector<std::uint8_t>& rows) override {
        rows.resize(band.pixel_count() * 3);
        if (!normal_rows(in_.noise, in_.scale, band, in_.preset.view.normal_convention, in_.request.threads,
                         in_.cancel, rows))
            cancelled();
    }
};

// mask16 but its height map: slope, curvature, aspect, or the simulation's flow, wear, deposit.
class MaskEncoder final : public MapEncoder {
  public:
    using MapEncoder::MapEncoder;

  private:
    void make_rows(const noise::Region& band, std::vector<std::uint8_t>& rows) override {
        masks_.resize(band.pixel_count());
        if (is_simulation_mask(in_.request.mask))
            simulation_mask_rows(*in_.maps, in_.peaks, in_.request.mask, band, masks_);
        else if (!mask_rows(in_.noise, in_.scale, band, in_.request.mask, in_.request.threads, in_.cancel,
                            masks_))
            cancelled();
        rows.resize(masks_.size() * 2);
        for (std::size_t i = 0; i < masks_.size(); ++i) put_png16(masks_[i], &rows[2 * i]);
    }

    std::vector<std::uint16_t> masks_;
};

// weights8, weights16 (layer request.layer) and splat8 (layers 4k .. 4k + 3, k = request.layer):
// every layer's weight at once, so each pixel's weights are rounded together to sum exactly.
class WeightEncoder final : public MapEncoder {
  public:
    WeightEncoder(const EncodeInputs& in, AtomicFile& file)
        : MapEncoder(in, file), layers_(effective_texture_layers(in.preset)) {}

  private:
    void make_rows(const noise::Region& band, std::vector<std::uint8_t>& rows) override {
        const ExportFormat format = in_.request.format;
        const std::size_t count   = layers_.size();
        const std::uint32_t total = format == ExportFormat::weights16 ? 65535 : 255;
        masks_.resize(band.pixel_count() * count);
        const WeightSources sources{in_.preset.view.sea_level, in_.maps, in_.peaks};
        if (!weight_rows(in_.noise, in_.scale, band, layers_, sources, total, in_.request.threads, in_.cancel,
                         masks_))
            cancelled();
        const std::size_t pixels = band.pixel_count();
        const auto layer         = static_cast<std::size_t>(in_.request.layer);
        if (format == ExportFormat::weights8) {
            rows.resize(pixels);
            for (std::size_t p = 0; p < pixels; ++p)
                rows[p] = static_cast<std::uint8_t>(masks_[p * count + layer]);
        } else if (format == ExportFormat::weights16) {
            rows.resize(pixels * 2);
            for (std::size_t p = 0; p < pixels; ++p) put_png16(masks_[p * count + layer], &rows[2 * p]);
        } else {
            rows.resize(pixels * 4);
            for (std::size_t p = 0; p < pixels; ++p)
                for (std::size_t c = 0; c < 4; ++c) {
                    const std::size_t i = layer * 4 + c;
                    rows[4 * p + c]     = i < count ? static_cast<std::uint8_t>(masks_[p * count + i]) : 0;
                }
        }
    }

    std::vector<TextureLayer> layers_;
    std::vector<std::uint16_t> masks_;
};

}  // namespace

std::unique_ptr<ExportEncoder> make_encoder(const EncodeInputs& inputs, AtomicFile& file) {
    const ExportRequest& request = inputs.request;
    switch (export_format_info(request.format).takes) {
        case FormatTakes::values:
            return std::make_unique<FloatEncoder>(inputs, file);
        case FormatTakes::layer:
        case FormatTakes::splat:
            return std::make_unique<WeightEncoder>(inputs, file);
        case FormatTakes::map:
            if (request.mask != TerrainMask::height) return std::make_unique<MaskEncoder>(inputs, file);
            return std::make_unique<PngHeightEncoder>(inputs, file);
        case FormatTakes::mesh_grid:
            fail("glb and obj are whole meshes: terrain_mesh_file.hpp writes them");
        case FormatTakes::nothing:
            break;
    }
    if (request.format == ExportFormat::r16) return std::make_unique<R16Encoder>(inputs, file);
    if (request.format == ExportFormat::normal8) return std::make_unique<NormalEncoder>(inputs, file);
    return std::make_unique<PngHeightEncoder>(inputs, file);
}

void render_block(const noise::FractalNoise& noise, const noise::Region& block, std::vector<float>& raw,
                  const ExportRequest& request, const std::atomic<bool>* cancel) {
    raw.resize(block.pixel_count());
    noise::RenderOptions options;
    options.threads = request.threads;
    options.cancel  = cancel;
    if (!noise::render(noise, block, raw, options)) cancelled();
    for (std::size_t i = 0; i < raw.size(); ++i)
        if (!std::isfinite(raw[i]))
            not_finite(request, raw[i],
                       block.x0 + static_cast<int>(i % static_cast<std::size_t>(block.columns())),
                       block.y0 + static_cast<int>(i / static_cast<std::size_t>(block.columns())));
}

}  // namespace app
