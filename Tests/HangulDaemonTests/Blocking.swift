import Foundation

/// Runs blocking socket code on its own thread, so that many clients can block at once without
/// starving Swift's small cooperative thread pool (2 threads on a 2-core machine).
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
