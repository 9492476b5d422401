#!/usr/bin/env python3
"""Prints the prime sets of octave_seeds = primes (noise/include/noise/hashes.hpp).

Hugo Elias (seed 004) writes one IntNoise with three primes, 15731, 789221 and 1376312589, and
says to use "a different set of primes for each octave": "those big scary looking numbers are all
prime numbers, so you could just use some other prime numbers of a similar size". (The third,
1376312589 = 3^2 * 109 * 127 * 11047, is in fact not prime; the first two are.) He gives only
his one set (and a program, Primes.zip, that lists the primes between two numbers). The other
fifteen sets are ours, chosen by this rule so anyone can check them: set i >= 1 takes, for each of his
three primes q, the first prime at or above q + i * step, with steps 1000, 50000 and 40000000, so
the sets keep his magnitudes (the largest stays below 2^31, a positive 32-bit int as in his
code) and differ from each other in every term. Set 0 is his own, as he wrote it.

Run: /usr/bin/python3 noise/tools/elias_primes.py
"""

ELIAS = (15731, 789221, 1376312589)
STEPS = (1000, 50000, 40000000)
SETS = 16


def is_prime(n):
    if n < 2:
        return False
    k = 2
    while k * k <= n:
        if n % k == 0:
            return False
        k += 1
    return True


def first_prime_from(n):
    while not is_prime(n):
        n += 1
    return n


def prime_sets():
    ours = [tuple(first_prime_from(q + i * step) for q, step in zip(ELIAS, STEPS)) for i in range(1, SETS)]
    return [ELIAS] + ours


if __name__ == "__main__":
    for primes in prime_sets():
        print("    {{%s}}," % ", ".join("%du" % q for q in primes))
