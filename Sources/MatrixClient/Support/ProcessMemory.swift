#if canImport(Glibc)
import CMalloc
#endif

/// How the process holds memory: glibc's malloc keeps what is freed for reuse, which after a
/// catch-up of thousands of rooms is tens of megabytes that an idle shell will not reuse.
public enum ProcessMemory {
    /// Called once, first thing in the process: it caps the arenas made from then on, and a
    /// thread that has allocated already keeps its own. One arena for all threads instead of up
    /// to eight per core: each arena keeps its own freed memory, and a sync's garbage spread over several
    /// leaves more pages that hold a little live data each (measured in BENCHMARKS.md). Each
    /// thread's cache of small blocks still spares most allocations the arena's lock.
    public static func configure() {
        #if canImport(Glibc)
        _ = mallopt(M_ARENA_MAX, 1)
        #endif
    }

    /// Gives the pages malloc holds free back to the kernel (`malloc_trim`); a few milliseconds.
    public static func trim() {
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}
