"""The simulated fields the module keeps between calls (simulation_cache.hpp): an equal preset and
size reads the kept field, with the bits a fresh simulation gives; anything else simulates anew;
the count stays bounded."""
import numpy as np

import noise_explorer as ne
from conftest import same_bits


def test_the_same_preset_and_size_reuse_one_simulation():
    ne.forget_simulations()
    assert ne.simulations_kept() == 0
    preset = ne.Preset.load("river-canyons")
    first = ne.render(preset, 96, 64, threads=1)
    assert ne.simulations_kept() == 1
    # A region, other threads, sample and value_gradient of the same image: the kept field.
    assert same_bits(ne.render(preset, 96, 64, region=(10, 5, 50, 40), threads=2), first[5:40, 10:50])
    values, _ = ne.value_gradient(preset, 96, 64, threads=3)
    assert same_bits(values, first)
    ne.sample(preset, np.array([[0.5, 0.5]]), size=(96, 64))
    assert ne.simulations_kept() == 1
    # Forgotten, it simulates again, to the same bits.
    ne.forget_simulations()
    assert ne.simulations_kept() == 0
    assert same_bits(ne.render(preset, 96, 64, threads=7), first)
    assert ne.simulations_kept() == 1


def test_another_setting_or_size_simulates_anew():
    ne.forget_simulations()
    preset = ne.Preset.load("river-canyons")
    before = ne.render(preset, 64, 64)
    other = ne.Preset.load("river-canyons")
    other["erosion.steps"] = 3
    changed = ne.render(other, 64, 64)
    assert ne.simulations_kept() == 2
    assert not same_bits(changed, before)
    ne.render(preset, 64, 48)
    assert ne.simulations_kept() == 3
    # The preset object changed in place is a new key too: never the old field.
    preset["erosion.steps"] = 3
    assert same_bits(ne.render(preset, 64, 64), changed)
    assert ne.simulations_kept() == 3


def test_the_kept_fields_are_bounded():
    ne.forget_simulations()
    preset = ne.Preset.load("river-canyons")
    preset["erosion.steps"] = 1
    for width in range(16, 16 + 10):
        ne.render(preset, width, 16)
    assert ne.simulations_kept() == 8
    ne.forget_simulations()
