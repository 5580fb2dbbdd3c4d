// The most used passwords of public breach corpora that also meet the 8-character
// minimum, lower-cased. Refusing them stops the cheapest guessing (docs/spec/rulings.md #4).
const common = new Set(
  `password 12345678 123456789 1234567890 12345678910 qwertyuiop qwerty123 qwerty12 password1
  password12 password123 passw0rd p@ssw0rd p@ssword iloveyou iloveyou1 11111111 00000000 88888888
  12341234 87654321 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx abcd1234 abc12345 abcdefgh 123123123
  princess sunshine football baseball superman batman123 trustno1 welcome1 welcome123 whatever
  starwars dragon123 monkey123 letmein1 letmein123 master123 michael1 jennifer computer internet
  asdfghjk asdfghjkl qwertyui q1w2e3r4 1234qwer qazwsxedc 123qweasd 1qazxsw2 pakistan pakistan1
  pakistan123 karachi123 lahore123 islamabad cricket1 cricket123 changeme changeme1 default1
  admin123 administrator secret123 testtest test1234 kapra123 shopping123 12qwaszx 147258369
  159753456 741852963 963852741 987654321 9876543210 147852369 123654789 a1b2c3d4 aa123456
  aaaaaaaa zxcvbnm1 zxcvbnm123 football1 baseball1 sunshine1 princess1 charlie1 shadow12
  mustang1 access14 flower123 loveyou1 lovely123 hello123 hellohello freedom1 ninja123 azerty123`
    .split(/\s+/)
    .filter(Boolean),
)

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase())
}
