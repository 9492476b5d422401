// app/core/export_encoders.hpp: the one way an image format's bytes are made.
//
// export_image draws a window top to bottom in bands of whole rows and hands each band to the
// format's encoder, which makes and writes that band's rows of the file:
//
//     const auto encoder = app::make_encoder(inputs, file);   // request.format's encoder
//     for (each band of the window) encoder->write_band(band); // rows band.y0 .. band.y1 - 1
//     encoder->finish();                                       // the container's end
//
// Every format but the meshes (glb, obj: a whole grid at once, terrain_mesh_file.hpp) has one,
// chosen by what the format is made from (export_formats.hpp's table has the formats):
//   - the heights: each band rendered (plus the hillshade's one-pixel halo for rgb8, clipped to
//     the image, so windows side by side equal the whole), then mapped to the format's samples:
//     8- and 16-bit PNG (png8, rgb8, png16, and mask16's height map), r16, r32 and exr32;
//   - the gradients at each pixel: normal8 (normal_map.hpp), mask16's slope, curvature and
//     aspect (terrain_masks.hpp) and the texture layers' weights (weights8, weights16, splat8);
//   - the simulation's maps: mask16's flow, wear and deposit, cut from the simulated image.
// export_image.hpp says what each format holds, byte by byte; each PNG carries the preset and the
// export facts in text chunks, an exr32 in attributes; r16's and r32's facts go to their sidecar
// (written by export_image, which also checks the request before an encoder is made).
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/export_image.hpp"
#include "core/terrain_masks.hpp"
#include "core/terrain_scale.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"

namespace app {

// What every encoder draws from; the references outlive the encoder.
struct EncodeInputs {
    const Preset& preset;              // what the files carry (its view: the mapping, the colours)
    const ExportRequest& request;      // the format and its option, the image's size, the threads
    const noise::FractalNoise& noise;  // what is drawn: the preset's field, or the simulation's result
    noise::Region window;              // the part of the image the file holds
    noise::Range range;                // the raw values mapped to 0 and 1
    TerrainScale scale;                // the terrain's metres at the export's size
    const noise::SimulationMaps* maps = nullptr;  // erosion.method = simulate: flow, wear, deposit
    SimulationPeaks peaks;                        // simulation_peaks(*maps): once for every band
    const std::atomic<bool>* cancel = nullptr;    // polled while a band is drawn
};

class ExportEncoder {
  public:
    virtual ~ExportEncoder() = default;
    // Draws and writes the window's rows [band.y0, band.y1); band spans the window's columns.
    // Throws ExportError (cancelled, or a field that is not finite) or the file's errors.
    virtual void write_band(const noise::Region& band) = 0;
    // The pixels a band reads beyond its own on each side (for sizing the bands).
    virtual int halo() const { return 0; }
    // Writes what follows the last row (the PNG's and the EXR's end).
    virtual void finish() = 0;
};

// The encoder of inputs.request.format into `file` (not glb or obj).
std::unique_ptr<ExportEncoder> make_encoder(const EncodeInputs& inputs, AtomicFile& file);

// The raw heights of `block` into `raw` (resized to its pixels), on request.threads; throws
// ExportError when cancelled, or naming the first pixel that is not finite: nothing is written.
void render_block(const noise::FractalNoise& noise, const noise::Region& block, std::vector<float>& raw,
                  const ExportRequest& request, const std::atomic<bool>* cancel);

}  // namespace app
