#if canImport(Glibc)
import Glibc
#endif

/// The most memory this process has held so far (resident set high-water mark), in MiB.
enum PeakMemory {
    static var megabytes: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        // Linux reports kilobytes.
        return Double(usage.ru_maxrss) / 1024
    }
}
