/// Layout files the end-to-end tests install as a user's own.
public enum TestLayoutFiles {
    /// A small direct layout on the home row, like the README's example: `asdfgh` types 한글, `ajs` 화.
    public static let homeRow = """
        # Home-row Hangul: enough to type 한글.
        id       home-row
        alias    homerow
        name     Home Row
        name-ko  홈 줄
        kind     jaso

        key a  initial ㅎ
        key s  medial  ㅏ
        key d  final   ㄴ
        key f  initial ㄱ
        key g  medial  ㅡ
        key h  final   ㄹ
        key j  medial  ㅗ
        combine medial ㅗ + medial ㅏ = medial ㅘ
        """
}
