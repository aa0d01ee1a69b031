import HangulCore
import HangulKeys

/// Fixes text typed in the wrong input mode: `dkssudgktpdy` meant 안녕하세요, `ㅗ디ㅣㅐ` meant hello.
///
/// The rule, word by word (a *run* is a maximal run of ASCII letters, or of Hangul syllables and
/// compatibility letters ㄱ…ㅣ):
/// - A run of Latin letters is typed on the layout; when every character it gives is a whole
///   Hangul syllable and the run is not an English word, it is replaced by those syllables:
///   `gksrmf` → 한글, but `world` (재깅 when typed) stays. A word is in the word list (ignoring
///   case) and written in a case a typist writes words in (`work`, `Work`, `WORK`; `wOrk`, which
///   types 쟤가, is not a word). Also kept, since a Korean typist would not have typed them: a run
///   with a capital that types what its small letter types (`Syrus`, `DNS`: Shift is pressed for
///   ㅆ, not for ㄴ), a run that types a syllable Korean is not written in (one outside KS X 1001's
///   2,350: `sig` would be 냫), and an ordinal ending after a digit (`4th`).
/// - A run of Hangul is spelled back into keys (``ReverseSpeller``); when the keys are letters only and
///   spell an English word (as above), it is replaced by them: ㅗ디ㅣㅐ → hello. Real Korean stays (세상
///   spells `tpdtkd`, not a word), and so does a run of whole syllables that spells a word shorter
///   than ``minimumWordLength`` (내 spells `so`, 해 `go`), which is far more often the Korean word,
///   and a run of one letter, alone or repeated (ㅁ would be `a`; ㅋㅋㅋ, ㅎㅎ, ㅠㅠ).
/// Everything else (spaces, punctuation, digits, other scripts) is kept as it is.
public struct WrongModeFixer {
    public let layout: Layout
    public let options: ComposerOptions
    public let words: WordList
    /// Runs of whole syllables that spell shorter words stay Korean.
    public static let minimumWordLength = 3
    private let speller: ReverseSpeller

    public init(layout: Layout, options: ComposerOptions = ComposerOptions(), words: WordList) {
        self.layout = layout
        self.options = options
        self.words = words
        speller = ReverseSpeller(layout: layout, options: options)
    }

    /// The line with each wrong-mode run converted.
    ///
    /// The result is gathered as UTF-8 bytes in an array, which grows geometrically, and becomes a
    /// `String` once. `String.UnicodeScalarView.append(contentsOf:)` reserved exactly what each run
    /// added, so every run copied the whole line so far: time grew with the square of a line's
    /// length (issue 23, fault 9: a 2 MB line took 9.35 s, the same text in short lines 0.84 s).
    public func fix(_ line: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(line.utf8.count)
        var run: [Unicode.Scalar] = []
        var runKind = RunKind.other
        var previous: Unicode.Scalar?
        var afterDigit = false
        func append(_ scalars: [Unicode.Scalar]) {
            for scalar in scalars { UTF8.encode(scalar) { result.append($0) } }
        }
        func finishRun() {
            switch runKind {
            case .latin: append(convertLatin(run, afterDigit: afterDigit))
            case .hangul: append(convertHangul(run))
            case .other: append(run)
            }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in line.unicodeScalars {
            let kind = RunKind(scalar)
            if kind != runKind || kind == .other {
                finishRun()
                runKind = kind
                afterDigit = previous.map { (0x30...0x39).contains($0.value) } ?? false
            }
            run.append(scalar)
            previous = scalar
        }
        finishRun()
        return String(decoding: result, as: UTF8.self)
    }

    private enum RunKind {
        case latin, hangul, other

        init(_ scalar: Unicode.Scalar) {
            if scalar.isASCII, WordList.isLetter(UInt8(scalar.value)) {
                self = .latin
            } else if Syllable.isPrecomposed(scalar.value) || (0x3131...0x3163).contains(scalar.value) {
                self = .hangul
            } else {
                self = .other
            }
        }
    }

    /// The syllables a run of letters types, or the run itself.
    func convertLatin(_ run: [Unicode.Scalar], afterDigit: Bool = false) -> [Unicode.Scalar] {
        let letters = run.map { UInt8($0.value) }
        guard !(Self.writtenAsAWord(letters) && words.contains(letters)) else { return run }
        guard !(afterDigit && Self.isOrdinalSuffix(letters)) else { return run }
        guard let typed = type(letters), typed.allSatisfy(Self.writtenSyllables.contains) else { return run }
        guard !hasIdleCapital(letters, typing: typed) else { return run }
        return typed.compactMap(Unicode.Scalar.init)
    }

    /// What letters type on the layout from an empty field, or nil when a key is not handled or
    /// they type nothing.
    private func type(_ letters: [UInt8]) -> [UInt32]? {
        var context = InputContext(layout: layout, options: options)
        var typed: [UInt32] = []
        for letter in letters {
            let key = CheckingTypist.press(ascii: letter)
            let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
            guard result.handled else { return nil }
            typed += result.commit.scalars
        }
        typed += context.flush().scalars
        return typed.isEmpty ? nil : typed
    }

    /// Whether a capital letter of the run types the same text as its small letter would: then Shift
    /// did nothing a Korean typist presses it for, and the capital is English (`Hello`, `DNS`,
    /// `McDonald`). On dubeolsik only Q W E R T O P type other jamo shifted (ㅃ ㅉ ㄸ ㄲ ㅆ ㅒ ㅖ),
    /// so `Tkfkd` (싸랑) is still fixed. Each capital is tried alone, so that a capital that matters
    /// (the T of `TkfkD`) does not hide one that does not (its D).
    private func hasIdleCapital(_ letters: [UInt8], typing typed: [UInt32]) -> Bool {
        for index in letters.indices where (0x41...0x5A).contains(letters[index]) {
            var lowered = letters
            lowered[index] |= 0x20
            if type(lowered) == typed { return true }
        }
        return false
    }

    /// English ordinal endings, which follow a number (`4th` would otherwise be 4소).
    static let ordinalSuffixes = Set(["st", "nd", "rd", "th"].map { Array($0.utf8) })

    /// Whether letters are an ordinal ending, in any case (`1st`, `13TH`).
    static func isOrdinalSuffix(_ letters: [UInt8]) -> Bool {
        ordinalSuffixes.contains(letters.map { $0 | 0x20 })
    }

    /// Whether letters are in a case a typist writes a word in: `work`, `Work` or `WORK`, not `wOrk`.
    static func writtenAsAWord(_ letters: [UInt8]) -> Bool {
        let capitals = letters.count { $0 < 0x60 }
        return capitals == 0 || capitals == letters.count || (capitals == 1 && letters[0] < 0x60)
    }

    /// The English word a run of Hangul spells, or the run itself.
    func convertHangul(_ run: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: run)
        var letters: [UInt8] = []
        for piece in speller.pieces(for: String(text)) {
            guard case .keys(let keys) = piece, keys.allSatisfy(WordList.isLetter) else { return run }
            letters += keys
        }
        let wholeSyllables = run.allSatisfy { Syllable.isPrecomposed($0.value) }
        let oneLetterRepeated = !wholeSyllables && Set(run).count == 1
        guard Self.writtenAsAWord(letters), letters.count >= 2, !oneLetterRepeated, words.contains(letters),
            !wholeSyllables || letters.count >= Self.minimumWordLength
        else { return run }
        return letters.map { Unicode.Scalar($0) }
    }
}

extension WrongModeFixer {
    /// The syllables Korean is written in: the 2,350 of KS X 1001 (EUC-KR's rows 0xB0 to 0xC8), the
    /// standard's choice of the syllables in use, which Korean text keeps to (all but 5 of the 44,000
    /// words of Korean prose `scripts/bench` measures on, and those are typos: 떄 for 때). Letters
    /// typed in the wrong mode that give any other syllable were not Korean: a third of the English
    /// words the rule converted before it knew this type one (`sig` types 냫, `xyz` 툨, `wuz` 졐).
    static let writtenSyllables = Set(
        writtenSyllableText.unicodeScalars.lazy.map(\.value).filter(Syllable.isPrecomposed))

    /// KS X 1001's syllables in its order, which is Unicode's (checked against glibc's EUC-KR in the
    /// tests).
    private static let writtenSyllableText = """
        가각간갇갈갉갊감갑값갓갔강갖갗같갚갛개객갠갤갬갭갯갰갱갸갹갼걀걋걍걔걘걜거걱건걷걸걺검겁것겄겅
        겆겉겊겋게겐겔겜겝겟겠겡겨격겪견겯결겸겹겻겼경곁계곈곌곕곗고곡곤곧골곪곬곯곰곱곳공곶과곽관괄괆
        괌괍괏광괘괜괠괩괬괭괴괵괸괼굄굅굇굉교굔굘굡굣구국군굳굴굵굶굻굼굽굿궁궂궈궉권궐궜궝궤궷귀귁귄
        귈귐귑귓규균귤그극근귿글긁금급긋긍긔기긱긴긷길긺김깁깃깅깆깊까깍깎깐깔깖깜깝깟깠깡깥깨깩깬깰깸
        깹깻깼깽꺄꺅꺌꺼꺽꺾껀껄껌껍껏껐껑께껙껜껨껫껭껴껸껼꼇꼈꼍꼐꼬꼭꼰꼲꼴꼼꼽꼿꽁꽂꽃꽈꽉꽐꽜꽝꽤
        꽥꽹꾀꾄꾈꾐꾑꾕꾜꾸꾹꾼꿀꿇꿈꿉꿋꿍꿎꿔꿜꿨꿩꿰꿱꿴꿸뀀뀁뀄뀌뀐뀔뀜뀝뀨끄끅끈끊끌끎끓끔끕끗끙
        끝끼끽낀낄낌낍낏낑나낙낚난낟날낡낢남납낫났낭낮낯낱낳내낵낸낼냄냅냇냈냉냐냑냔냘냠냥너넉넋넌널넒
        넓넘넙넛넜넝넣네넥넨넬넴넵넷넸넹녀녁년녈념녑녔녕녘녜녠노녹논놀놂놈놉놋농높놓놔놘놜놨뇌뇐뇔뇜뇝
        뇟뇨뇩뇬뇰뇹뇻뇽누눅눈눋눌눔눕눗눙눠눴눼뉘뉜뉠뉨뉩뉴뉵뉼늄늅늉느늑는늘늙늚늠늡늣능늦늪늬늰늴니
        닉닌닐닒님닙닛닝닢다닥닦단닫달닭닮닯닳담답닷닸당닺닻닿대댁댄댈댐댑댓댔댕댜더덕덖던덛덜덞덟덤덥
        덧덩덫덮데덱덴델뎀뎁뎃뎄뎅뎌뎐뎔뎠뎡뎨뎬도독돈돋돌돎돐돔돕돗동돛돝돠돤돨돼됐되된될됨됩됫됴두둑
        둔둘둠둡둣둥둬뒀뒈뒝뒤뒨뒬뒵뒷뒹듀듄듈듐듕드득든듣들듦듬듭듯등듸디딕딘딛딜딤딥딧딨딩딪따딱딴딸
        땀땁땃땄땅땋때땍땐땔땜땝땟땠땡떠떡떤떨떪떫떰떱떳떴떵떻떼떽뗀뗄뗌뗍뗏뗐뗑뗘뗬또똑똔똘똥똬똴뙈뙤
        뙨뚜뚝뚠뚤뚫뚬뚱뛔뛰뛴뛸뜀뜁뜅뜨뜩뜬뜯뜰뜸뜹뜻띄띈띌띔띕띠띤띨띰띱띳띵라락란랄람랍랏랐랑랒랖랗
        래랙랜랠램랩랫랬랭랴략랸럇량러럭런럴럼럽럿렀렁렇레렉렌렐렘렙렛렝려력련렬렴렵렷렸령례롄롑롓로록
        론롤롬롭롯롱롸롼뢍뢨뢰뢴뢸룀룁룃룅료룐룔룝룟룡루룩룬룰룸룹룻룽뤄뤘뤠뤼뤽륀륄륌륏륑류륙륜률륨륩
        륫륭르륵른를름릅릇릉릊릍릎리릭린릴림립릿링마막만많맏말맑맒맘맙맛망맞맡맣매맥맨맬맴맵맷맸맹맺먀
        먁먈먕머먹먼멀멂멈멉멋멍멎멓메멕멘멜멤멥멧멨멩며멱면멸몃몄명몇몌모목몫몬몰몲몸몹못몽뫄뫈뫘뫙뫼
        묀묄묍묏묑묘묜묠묩묫무묵묶문묻물묽묾뭄뭅뭇뭉뭍뭏뭐뭔뭘뭡뭣뭬뮈뮌뮐뮤뮨뮬뮴뮷므믄믈믐믓미믹민믿
        밀밂밈밉밋밌밍및밑바박밖밗반받발밝밞밟밤밥밧방밭배백밴밸뱀뱁뱃뱄뱅뱉뱌뱍뱐뱝버벅번벋벌벎범법벗
        벙벚베벡벤벧벨벰벱벳벴벵벼벽변별볍볏볐병볕볘볜보복볶본볼봄봅봇봉봐봔봤봬뵀뵈뵉뵌뵐뵘뵙뵤뵨부북
        분붇불붉붊붐붑붓붕붙붚붜붤붰붸뷔뷕뷘뷜뷩뷰뷴뷸븀븃븅브븍븐블븜븝븟비빅빈빌빎빔빕빗빙빚빛빠빡빤
        빨빪빰빱빳빴빵빻빼빽뺀뺄뺌뺍뺏뺐뺑뺘뺙뺨뻐뻑뻔뻗뻘뻠뻣뻤뻥뻬뼁뼈뼉뼘뼙뼛뼜뼝뽀뽁뽄뽈뽐뽑뽕뾔뾰
        뿅뿌뿍뿐뿔뿜뿟뿡쀼쁑쁘쁜쁠쁨쁩삐삑삔삘삠삡삣삥사삭삯산삳살삵삶삼삽삿샀상샅새색샌샐샘샙샛샜생샤
        샥샨샬샴샵샷샹섀섄섈섐섕서석섞섟선섣설섦섧섬섭섯섰성섶세섹센셀셈셉셋셌셍셔셕션셜셤셥셧셨셩셰셴
        셸솅소속솎손솔솖솜솝솟송솥솨솩솬솰솽쇄쇈쇌쇔쇗쇘쇠쇤쇨쇰쇱쇳쇼쇽숀숄숌숍숏숑수숙순숟술숨숩숫숭
        숯숱숲숴쉈쉐쉑쉔쉘쉠쉥쉬쉭쉰쉴쉼쉽쉿슁슈슉슐슘슛슝스슥슨슬슭슴습슷승시식신싣실싫심십싯싱싶싸싹
        싻싼쌀쌈쌉쌌쌍쌓쌔쌕쌘쌜쌤쌥쌨쌩썅써썩썬썰썲썸썹썼썽쎄쎈쎌쏀쏘쏙쏜쏟쏠쏢쏨쏩쏭쏴쏵쏸쐈쐐쐤쐬쐰
        쐴쐼쐽쑈쑤쑥쑨쑬쑴쑵쑹쒀쒔쒜쒸쒼쓩쓰쓱쓴쓸쓺쓿씀씁씌씐씔씜씨씩씬씰씸씹씻씽아악안앉않알앍앎앓암
        압앗았앙앝앞애액앤앨앰앱앳앴앵야약얀얄얇얌얍얏양얕얗얘얜얠얩어억언얹얻얼얽얾엄업없엇었엉엊엌엎
        에엑엔엘엠엡엣엥여역엮연열엶엷염엽엾엿였영옅옆옇예옌옐옘옙옛옜오옥온올옭옮옰옳옴옵옷옹옻와왁완
        왈왐왑왓왔왕왜왝왠왬왯왱외왹왼욀욈욉욋욍요욕욘욜욤욥욧용우욱운울욹욺움웁웃웅워웍원월웜웝웠웡웨
        웩웬웰웸웹웽위윅윈윌윔윕윗윙유육윤율윰윱윳융윷으윽은을읊음읍읏응읒읓읔읕읖읗의읜읠읨읫이익인일
        읽읾잃임입잇있잉잊잎자작잔잖잗잘잚잠잡잣잤장잦재잭잰잴잼잽잿쟀쟁쟈쟉쟌쟎쟐쟘쟝쟤쟨쟬저적전절젊
        점접젓정젖제젝젠젤젬젭젯젱져젼졀졈졉졌졍졔조족존졸졺좀좁좃종좆좇좋좌좍좔좝좟좡좨좼좽죄죈죌죔죕
        죗죙죠죡죤죵주죽준줄줅줆줌줍줏중줘줬줴쥐쥑쥔쥘쥠쥡쥣쥬쥰쥴쥼즈즉즌즐즘즙즛증지직진짇질짊짐집짓
        징짖짙짚짜짝짠짢짤짧짬짭짯짰짱째짹짼쨀쨈쨉쨋쨌쨍쨔쨘쨩쩌쩍쩐쩔쩜쩝쩟쩠쩡쩨쩽쪄쪘쪼쪽쫀쫄쫌쫍쫏
        쫑쫓쫘쫙쫠쫬쫴쬈쬐쬔쬘쬠쬡쭁쭈쭉쭌쭐쭘쭙쭝쭤쭸쭹쮜쮸쯔쯤쯧쯩찌찍찐찔찜찝찡찢찧차착찬찮찰참찹찻
        찼창찾채책챈챌챔챕챗챘챙챠챤챦챨챰챵처척천철첨첩첫첬청체첵첸첼쳄쳅쳇쳉쳐쳔쳤쳬쳰촁초촉촌촐촘촙
        촛총촤촨촬촹최쵠쵤쵬쵭쵯쵱쵸춈추축춘출춤춥춧충춰췄췌췐취췬췰췸췹췻췽츄츈츌츔츙츠측츤츨츰츱츳층
        치칙친칟칠칡침칩칫칭카칵칸칼캄캅캇캉캐캑캔캘캠캡캣캤캥캬캭컁커컥컨컫컬컴컵컷컸컹케켁켄켈켐켑켓
        켕켜켠켤켬켭켯켰켱켸코콕콘콜콤콥콧콩콰콱콴콸쾀쾅쾌쾡쾨쾰쿄쿠쿡쿤쿨쿰쿱쿳쿵쿼퀀퀄퀑퀘퀭퀴퀵퀸퀼
        큄큅큇큉큐큔큘큠크큭큰클큼큽킁키킥킨킬킴킵킷킹타탁탄탈탉탐탑탓탔탕태택탠탤탬탭탯탰탱탸턍터턱턴
        털턺텀텁텃텄텅테텍텐텔템텝텟텡텨텬텼톄톈토톡톤톨톰톱톳통톺톼퇀퇘퇴퇸툇툉툐투툭툰툴툼툽툿퉁퉈퉜
        퉤튀튁튄튈튐튑튕튜튠튤튬튱트특튼튿틀틂틈틉틋틔틘틜틤틥티틱틴틸팀팁팃팅파팍팎판팔팖팜팝팟팠팡팥
        패팩팬팰팸팹팻팼팽퍄퍅퍼퍽펀펄펌펍펏펐펑페펙펜펠펨펩펫펭펴편펼폄폅폈평폐폘폡폣포폭폰폴폼폽폿퐁
        퐈퐝푀푄표푠푤푭푯푸푹푼푿풀풂품풉풋풍풔풩퓌퓐퓔퓜퓟퓨퓬퓰퓸퓻퓽프픈플픔픕픗피픽핀필핌핍핏핑하
        학한할핥함합핫항해핵핸핼햄햅햇했행햐향허헉헌헐헒험헙헛헝헤헥헨헬헴헵헷헹혀혁현혈혐협혓혔형혜혠
        혤혭호혹혼홀홅홈홉홋홍홑화확환활홧황홰홱홴횃횅회획횐횔횝횟횡효횬횰횹횻후훅훈훌훑훔훗훙훠훤훨훰
        훵훼훽휀휄휑휘휙휜휠휨휩휫휭휴휵휸휼흄흇흉흐흑흔흖흗흘흙흠흡흣흥흩희흰흴흼흽힁히힉힌힐힘힙힛힝
        """
}
