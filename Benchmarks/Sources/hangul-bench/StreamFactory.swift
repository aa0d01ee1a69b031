import BenchmarkSupport
import HangulCore

/// The key stream for a layout, by its kind.
enum StreamFactory {
    static func stream(for layout: Layout, count: Int) -> KeyStream? {
        switch layout.kind {
        case .jamo, .jaso: KeyStream(layout: layout, count: count)
        case .romaja: nil
        }
    }
}
