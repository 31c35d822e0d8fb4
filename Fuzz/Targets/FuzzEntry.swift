#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzz binary's one libFuzzer entry: it runs the target `FUZZ_TARGET` names (`link`,
/// `pattern`, `roundtrip` or `table`; `Fuzz/run.sh` sets it). One binary serves the four
/// targets, so the library is compiled with the sanitizers once, not once a target.
private let target: @Sendable (UnsafePointer<UInt8>, Int) -> CInt = {
    switch getenv("FUZZ_TARGET").map({ String(cString: $0) }) {
    case "link": return { fuzzLink($0, $1) }
    case "pattern": return { fuzzPattern($0, $1) }
    case "roundtrip": return { fuzzRoundTrip($0, $1) }
    case "table": return { fuzzTable($0, $1) }
    default:
        writeToStandardError("FUZZ_TARGET must be link, pattern, roundtrip or table\n")
        exit(2)
    }
}()

/// Checks `FUZZ_TARGET` once, before the first input: an unknown target stops the run there,
/// not as a crash of the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    _ = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target(data, size)
}
