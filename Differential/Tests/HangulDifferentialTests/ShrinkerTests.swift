import HangulDifferential
import Testing

@Suite struct ShrinkerTests {
    @Test func keepsOnlyTheElementsThatMakeItFail() {
        // Fails whenever 3 comes somewhere before 7.
        func fails(_ values: [Int]) -> Bool {
            guard let three = values.firstIndex(of: 3) else { return false }
            return values[three...].contains(7)
        }
        let shrunk = Shrinker.shrink([1, 3, 9, 4, 4, 7, 2, 8], firstDifference: 5, fails: fails)
        #expect(shrunk == [3, 7])
    }

    @Test func cutsAfterTheFirstDifferenceFirst() {
        var calls: [[Int]] = []
        let shrunk = Shrinker.shrink([5, 6, 7, 8], firstDifference: 0) { values in
            calls.append(values)
            return values.first == 5
        }
        #expect(shrunk == [5])
        #expect(calls.first == [5])
    }
}
