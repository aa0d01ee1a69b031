import BenchmarkSupport
import CLibhangul
import HangulCore

/// The timed loops: each engine types a whole stream as a frontend would, reading the commit and
/// the preedit after every key. Kept out of line so neither is specialised for one call site.
enum Engines {
    /// Our options for comparisons: libhangul has no extended vowels (a deliberate difference).
    static let ourOptions: ComposerOptions = {
        var options = ComposerOptions()
        options.extendedVowels = false
        return options
    }()

    /// Types `keys` into a fresh composer; returns a checksum of the outputs so nothing is elided.
    @inline(never)
    static func typeOurs(_ keys: [TypedKey], layout: Layout) -> UInt64 {
        var composer = Composer(layout: layout, options: ourOptions)
        var checksum: UInt64 = 0
        for key in keys {
            switch key {
            case .position(let position):
                let output = composer.process(position)
                checksum &+= UInt64(output.commit.count &+ output.preedit.count) &+ (output.consumed ? 1 : 0)
            case .space:
                checksum &+= UInt64(composer.flush().count)
            case .backspace:
                let output = composer.backspace()
                checksum &+= UInt64(output.preedit.count) &+ (output.consumed ? 1 : 0)
            }
        }
        return checksum
    }

    /// The stream as libhangul's `hangul_ic_process` argument: the ASCII code, -1 for BackSpace.
    static func libhangulCodes(_ keys: [TypedKey]) -> [Int32] { keys.map { $0.ascii.map(Int32.init) ?? -1 } }

    /// Types the codes into a libhangul context, reading its commit and preedit strings after each.
    @inline(never)
    static func typeLibhangul(_ codes: [Int32], context: LibhangulContext) -> UInt64 {
        let pointer = context.pointer
        hangul_ic_reset(pointer)
        var checksum: UInt64 = 0
        for code in codes {
            if code < 0 {
                checksum &+= hangul_ic_backspace(pointer) ? 1 : 0
            } else {
                checksum &+= hangul_ic_process(pointer, code) ? 1 : 0
                if let commit = hangul_ic_get_commit_string(pointer), commit.pointee != 0 { checksum &+= 1 }
            }
            if let preedit = hangul_ic_get_preedit_string(pointer), preedit.pointee != 0 { checksum &+= 1 }
        }
        return checksum
    }

    /// Types the stream reading each preedit as an `Array`: allocates whenever a preedit shows, so
    /// the allocation counter has something to find.
    @inline(never)
    static func typeOursAllocating(_ keys: [TypedKey], layout: Layout) -> UInt64 {
        var composer = Composer(layout: layout, options: ourOptions)
        var checksum: UInt64 = 0
        for key in keys {
            if case .position(let position) = key {
                checksum &+= UInt64(composer.process(position).preedit.scalars.count)
            } else if key == .space {
                checksum &+= UInt64(composer.flush().count)
            } else {
                checksum &+= UInt64(composer.backspace().preedit.scalars.count)
            }
        }
        return checksum
    }
}
