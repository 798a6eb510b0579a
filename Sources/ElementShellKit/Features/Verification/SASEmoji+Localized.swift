import MatrixCrypto

extension SASEmoji {
    /// The emoji's name in the current language: the words Element shows, so that two people
    /// comparing by reading them out say the same.
    public var localizedName: String {
        switch index {
        case 0: L10n.screenVerificationEmojiDog
        case 1: L10n.screenVerificationEmojiCat
        case 2: L10n.screenVerificationEmojiLion
        case 3: L10n.screenVerificationEmojiHorse
        case 4: L10n.screenVerificationEmojiUnicorn
        case 5: L10n.screenVerificationEmojiPig
        case 6: L10n.screenVerificationEmojiElephant
        case 7: L10n.screenVerificationEmojiRabbit
        case 8: L10n.screenVerificationEmojiPanda
        case 9: L10n.screenVerificationEmojiRooster
        case 10: L10n.screenVerificationEmojiPenguin
        case 11: L10n.screenVerificationEmojiTurtle
        case 12: L10n.screenVerificationEmojiFish
        case 13: L10n.screenVerificationEmojiOctopus
        case 14: L10n.screenVerificationEmojiButterfly
        case 15: L10n.screenVerificationEmojiFlower
        case 16: L10n.screenVerificationEmojiTree
        case 17: L10n.screenVerificationEmojiCactus
        case 18: L10n.screenVerificationEmojiMushroom
        case 19: L10n.screenVerificationEmojiGlobe
        case 20: L10n.screenVerificationEmojiMoon
        case 21: L10n.screenVerificationEmojiCloud
        case 22: L10n.screenVerificationEmojiFire
        case 23: L10n.screenVerificationEmojiBanana
        case 24: L10n.screenVerificationEmojiApple
        case 25: L10n.screenVerificationEmojiStrawberry
        case 26: L10n.screenVerificationEmojiCorn
        case 27: L10n.screenVerificationEmojiPizza
        case 28: L10n.screenVerificationEmojiCake
        case 29: L10n.screenVerificationEmojiHeart
        case 30: L10n.screenVerificationEmojiSmiley
        case 31: L10n.screenVerificationEmojiRobot
        case 32: L10n.screenVerificationEmojiHat
        case 33: L10n.screenVerificationEmojiGlasses
        case 34: L10n.screenVerificationEmojiSpanner
        case 35: L10n.screenVerificationEmojiSanta
        case 36: L10n.screenVerificationEmojiThumbsUp
        case 37: L10n.screenVerificationEmojiUmbrella
        case 38: L10n.screenVerificationEmojiHourglass
        case 39: L10n.screenVerificationEmojiClock
        case 40: L10n.screenVerificationEmojiGift
        case 41: L10n.screenVerificationEmojiLightBulb
        case 42: L10n.screenVerificationEmojiBook
        case 43: L10n.screenVerificationEmojiPencil
        case 44: L10n.screenVerificationEmojiPaperclip
        case 45: L10n.screenVerificationEmojiScissors
        case 46: L10n.screenVerificationEmojiLock
        case 47: L10n.screenVerificationEmojiKey
        case 48: L10n.screenVerificationEmojiHammer
        case 49: L10n.screenVerificationEmojiTelephone
        case 50: L10n.screenVerificationEmojiFlag
        case 51: L10n.screenVerificationEmojiTrain
        case 52: L10n.screenVerificationEmojiBicycle
        case 53: L10n.screenVerificationEmojiAeroplane
        case 54: L10n.screenVerificationEmojiRocket
        case 55: L10n.screenVerificationEmojiTrophy
        case 56: L10n.screenVerificationEmojiBall
        case 57: L10n.screenVerificationEmojiGuitar
        case 58: L10n.screenVerificationEmojiTrumpet
        case 59: L10n.screenVerificationEmojiBell
        case 60: L10n.screenVerificationEmojiAnchor
        case 61: L10n.screenVerificationEmojiHeadphones
        case 62: L10n.screenVerificationEmojiFolder
        case 63: L10n.screenVerificationEmojiPin
        default: name
        }
    }
}
