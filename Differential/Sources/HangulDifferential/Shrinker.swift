/// Shrinks a failing key stream to a shortest one that still fails.
///
/// First the stream is cut just after the first differing step (nothing later can matter), then
/// chunks and single keys are removed as long as the stream still fails (delta debugging, down to
/// chunks of one): the result is 1-minimal, every single key of it is needed.
public enum Shrinker {
    /// `fails` must be deterministic; `firstDifference` is where the original stream failed.
    public static func shrink<Key>(_ keys: [Key], firstDifference: Int, fails: ([Key]) -> Bool) -> [Key] {
        var current = Array(keys.prefix(firstDifference + 1))
        if !fails(current) { current = keys }
        var chunk = max(current.count / 2, 1)
        while true {
            var removedAny = false
            var start = 0
            while start < current.count {
                let end = min(start + chunk, current.count)
                let candidate = Array(current[..<start] + current[end...])
                if fails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { return current }
            if !removedAny { chunk = max(chunk / 2, 1) }
        }
    }
}
