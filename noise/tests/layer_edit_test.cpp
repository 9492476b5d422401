// The layer stack's edits (layer_edit.hpp): add, remove, duplicate and move keep every mask on the
// layer it named; a layer masked by a removed layer loses its mask; layer 1 stays the field. The
// invariant is checked by name against a model of the stack (a list of names and whom each is
// masked by), first shown to catch an edit that forgets to renumber.
#include "noise/layer_edit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "noise/render.hpp"

namespace {

using noise::LayerMask;
using noise::Params;
using noise::StackLayer;

StackLayer named(const Params& params, const std::string& name, int masked_by = 0) {
    StackLayer layer = noise::new_stack_layer(params, noise::layer_count(params) + 1);
    layer.name       = name;
    if (masked_by != 0) {
        layer.mask       = LayerMask::layer;
        layer.mask_layer = masked_by;
    }
    return layer;
}

// The stack as names, bottom first, each with the name of the layer that masks it ("" for none).
struct Model {
    std::vector<std::string> names;
    std::vector<std::string> masked_by;
};

Model model_of(const Params& params) {
    Model model;
    model.names.push_back(noise::layer_name(params, 1));
    model.masked_by.push_back("");
    for (int number = 2; number <= noise::layer_count(params); ++number) {
        const StackLayer& layer = params.stack[static_cast<std::size_t>(number - 2)];
        model.names.push_back(noise::layer_name(params, number));
        model.masked_by.push_back(layer.mask == LayerMask::layer ? noise::layer_name(params, layer.mask_layer)
                                                                 : "");
    }
    return model;
}

// "" when every layer is masked by the layer the model says, else the first difference.
std::string differs(const Params& params, const Model& want) {
    const Model got = model_of(params);
    if (got.names != want.names) return "the layers' order differs";
    for (std::size_t i = 0; i < got.names.size(); ++i)
        if (got.masked_by[i] != want.masked_by[i])
            return got.names[i] + " is masked by '" + got.masked_by[i] + "', expected '" + want.masked_by[i] +
                   "'";
    return {};
}

// Layer 1 "base", then A, B (masked by A), C (masked by base), D (masked by B).
Params four_layers() {
    Params params;
    params.octaves         = 2;
    params.base_layer.name = "base";
    EXPECT_EQ(noise::add_layer(params, named(params, "A")), "");
    EXPECT_EQ(noise::add_layer(params, named(params, "B", 2)), "");
    EXPECT_EQ(noise::add_layer(params, named(params, "C", 1)), "");
    EXPECT_EQ(noise::add_layer(params, named(params, "D", 3)), "");
    EXPECT_EQ(noise::validate(params), "");
    return params;
}

TEST(LayerEdit, TheCheckCatchesAnEditThatForgetsToRenumber) {
    Params params = four_layers();
    Model want    = model_of(params);
    EXPECT_EQ(differs(params, want), "");
    // Layer A (2) erased by hand, without renumbering: B's mask_layer 2 now names B itself.
    params.stack.erase(params.stack.begin());
    want.names.erase(want.names.begin() + 1);
    want.masked_by.erase(want.masked_by.begin() + 1);
    want.masked_by[1] = "";  // B lost its mask with A
    EXPECT_NE(differs(params, want), "");
}

TEST(LayerEdit, AddAndInsertRenumberTheMasksAbove) {
    Params params = four_layers();
    Model want    = model_of(params);
    ASSERT_EQ(noise::insert_layer(params, 2, named(params, "N")), "");
    want.names.insert(want.names.begin() + 1, "N");
    want.masked_by.insert(want.masked_by.begin() + 1, "");
    EXPECT_EQ(differs(params, want), "");
    EXPECT_EQ(params.stack[2].mask_layer, 3);  // B, masked by A, now layer 3
    EXPECT_EQ(noise::validate(params), "");
    ASSERT_EQ(noise::add_layer(params, named(params, "top", 4)), "");  // masked by B
    want.names.push_back("top");
    want.masked_by.push_back("B");
    EXPECT_EQ(differs(params, want), "");
}

TEST(LayerEdit, RemoveTakesTheMaskOfTheLayersItMasked) {
    Params params = four_layers();
    ASSERT_EQ(noise::remove_layer(params, 3), "");  // B: D was masked by it
    Model want{{"base", "A", "C", "D"}, {"", "", "base", ""}};
    EXPECT_EQ(differs(params, want), "");
    EXPECT_EQ(params.stack[2].mask, LayerMask::none);
    EXPECT_EQ(params.stack[2].mask_layer, 1);
    EXPECT_EQ(noise::validate(params), "");
    ASSERT_EQ(noise::remove_layer(params, 2), "");  // A
    want = {{"base", "C", "D"}, {"", "base", ""}};
    EXPECT_EQ(differs(params, want), "");
}

TEST(LayerEdit, MoveKeepsEveryMaskOnItsLayer) {
    for (int from = 2; from <= 5; ++from)
        for (int to = 2; to <= 5; ++to) {
            Params params  = four_layers();
            Model want     = model_of(params);
            const auto at  = [](int number) { return static_cast<std::ptrdiff_t>(number - 1); };
            std::string nm = want.names[static_cast<std::size_t>(from - 1)];
            std::string mb = want.masked_by[static_cast<std::size_t>(from - 1)];
            want.names.erase(want.names.begin() + at(from));
            want.masked_by.erase(want.masked_by.begin() + at(from));
            want.names.insert(want.names.begin() + at(to), nm);
            want.masked_by.insert(want.masked_by.begin() + at(to), mb);
            ASSERT_EQ(noise::move_layer(params, from, to), "");
            EXPECT_EQ(differs(params, want), "") << from << " -> " << to;
            // A mask may name a layer above its own: still another layer, so still valid.
            EXPECT_EQ(noise::validate(params), "") << from << " -> " << to;
        }
}

TEST(LayerEdit, DuplicateGoesAboveItsOriginalWithItsMask) {
    Params params = four_layers();
    ASSERT_EQ(noise::duplicate_layer(params, 3), "");  // B, masked by A
    Model want{{"base", "A", "B", "B copy", "C", "D"}, {"", "", "A", "A", "base", "B"}};
    EXPECT_EQ(differs(params, want), "");
    EXPECT_EQ(noise::validate(params), "");
    StackLayer copy = params.stack[2];
    copy.name       = "B";
    EXPECT_EQ(copy, params.stack[1]);  // everything else the same
}

TEST(LayerEdit, LayerOneStaysTheField) {
    Params params      = four_layers();
    const Params kept  = params;
    const auto refused = [&](const std::string& error) {
        EXPECT_NE(error, "");
        EXPECT_EQ(params, kept) << error;
    };
    refused(noise::remove_layer(params, 1));
    refused(noise::move_layer(params, 1, 3));
    refused(noise::move_layer(params, 3, 1));
    refused(noise::move_layer(params, 2, 6));
    refused(noise::remove_layer(params, 6));
    refused(noise::duplicate_layer(params, 0));
    refused(noise::insert_layer(params, 7, StackLayer{}));
    EXPECT_EQ(noise::move_layer(params, 3, 3), "");
    EXPECT_EQ(params, kept);
}

TEST(LayerEdit, TheStackHoldsAtMostMaxLayers) {
    Params params;
    while (noise::layer_count(params) < noise::max_stack_layers)
        ASSERT_EQ(noise::add_layer(params, named(params, "x")), "");
    const Params kept = params;
    EXPECT_NE(noise::add_layer(params, named(params, "y")), "");
    EXPECT_NE(noise::duplicate_layer(params, 2), "");
    EXPECT_EQ(params, kept);
    EXPECT_EQ(noise::validate(params), "");
}

std::vector<float> pixels(const Params& params) {
    std::vector<float> out(32 * 32);
    noise::render(params, noise::Region::full(32, 32), out);
    return out;
}

TEST(LayerEdit, LayerOneDuplicatedReadsTheFieldsOwnHeights) {
    Params params;
    params.octaves  = 3;
    params.terraces = 4;
    params.mask     = noise::MaskMode::multiply;
    ASSERT_EQ(noise::set_param(params, "mask.frequency", "2"), "");
    ASSERT_EQ(noise::add_layer(params, named(params, "A")), "");
    ASSERT_EQ(noise::duplicate_layer(params, 1), "");
    ASSERT_EQ(noise::validate(params), "");
    EXPECT_EQ(params.stack[0].name, "Layer 1 copy");
    EXPECT_EQ(params.stack[0].field.front().mask, noise::MaskMode::none);
    // The copy alone against layer 1 alone without its mask: the same heights.
    Params copy_alone        = params;
    copy_alone.stack[0].solo = true;
    Params field_alone       = params;
    field_alone.mask         = noise::MaskMode::none;
    field_alone.mask_field.clear();
    field_alone.base_layer.solo = true;
    const auto a = pixels(copy_alone), b = pixels(field_alone);
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
    EXPECT_LE(worst, 1e-6);
}

// A random walk of edits against the model: every mask still names its layer after each.
TEST(LayerEdit, RandomEditsKeepTheMasks) {
    Params params       = four_layers();
    Model want          = model_of(params);
    std::uint32_t state = 12345;
    const auto next     = [&](int n) {
        state = state * 1664525u + 1013904223u;
        return static_cast<int>((state >> 16) % static_cast<std::uint32_t>(n));
    };
    int names = 0;
    for (int step = 0; step < 400; ++step) {
        const int count = noise::layer_count(params);
        const int kind  = next(4);
        if (kind == 0 && count < noise::max_stack_layers) {
            const int number       = 2 + next(count);
            const int mask         = next(count + 1);  // 0: none, else an old number
            const std::string name = "n" + std::to_string(names++);
            const std::string by   = mask == 0 ? "" : want.names[static_cast<std::size_t>(mask - 1)];
            ASSERT_EQ(noise::insert_layer(params, number, named(params, name, mask)), "");
            want.names.insert(want.names.begin() + (number - 1), name);
            want.masked_by.insert(want.masked_by.begin() + (number - 1), by);
        } else if (kind == 1 && count > 1) {
            const int number       = 2 + next(count - 1);
            const std::string gone = want.names[static_cast<std::size_t>(number - 1)];
            ASSERT_EQ(noise::remove_layer(params, number), "");
            want.names.erase(want.names.begin() + (number - 1));
            want.masked_by.erase(want.masked_by.begin() + (number - 1));
            for (auto& by : want.masked_by)
                if (by == gone) by = "";
        } else if (kind == 2 && count > 2) {
            const int from = 2 + next(count - 1), to = 2 + next(count - 1);
            ASSERT_EQ(noise::move_layer(params, from, to), "");
            const std::string nm = want.names[static_cast<std::size_t>(from - 1)];
            const std::string mb = want.masked_by[static_cast<std::size_t>(from - 1)];
            want.names.erase(want.names.begin() + (from - 1));
            want.masked_by.erase(want.masked_by.begin() + (from - 1));
            want.names.insert(want.names.begin() + (to - 1), nm);
            want.masked_by.insert(want.masked_by.begin() + (to - 1), mb);
        } else if (kind == 3 && count < noise::max_stack_layers && count > 1) {
            const int number       = 2 + next(count - 1);
            const std::string name = "d" + std::to_string(names++);
            ASSERT_EQ(noise::duplicate_layer(params, number), "");
            params.stack[static_cast<std::size_t>(number - 1)].name = name;
            want.names.insert(want.names.begin() + number, name);
            want.masked_by.insert(want.masked_by.begin() + number,
                                  want.masked_by[static_cast<std::size_t>(number - 1)]);
        }
        ASSERT_EQ(differs(params, want), "") << "step " << step;
        ASSERT_EQ(noise::validate(params), "") << "step " << step;
    }
}

}  // namespace
