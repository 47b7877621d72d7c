import { describe, expect, it } from 'vitest';
import { brandLabel, itemLabel, itemSearchKey, matchesSearch, saleNumberLabel, searchKey } from './names';

describe('an item’s name in the reader’s language', () => {
  it('reads a cylinder in Bangla with the brand’s Bangla name, Bengali digits, কেজি and মিমি', () => {
    expect(itemLabel('Bashundhara 12 kg 22 mm', 'bn')).toBe('বসুন্ধরা ১২ কেজি ২২ মিমি');
    expect(itemLabel('G-Gas 35 kg 20 mm', 'bn')).toBe('জি-গ্যাস ৩৫ কেজি ২০ মিমি');
    expect(itemLabel('Omera 12 kg', 'bn')).toBe('ওমেরা ১২ কেজি');
  });

  it('keeps the name as the API gives it in English', () => {
    expect(itemLabel('Bashundhara 12 kg 22 mm', 'en')).toBe('Bashundhara 12 kg 22 mm');
  });

  it('keeps Latin digits for a Bangla reader who chose them', () => {
    expect(itemLabel('Jamuna 5 kg 20 mm', 'bn', { bengaliDigits: false })).toBe('যমুনা 5 কেজি 20 মিমি');
  });

  it('leaves a stove or regulator as the shop typed it, and a brand the catalogue lacks as written', () => {
    expect(itemLabel('RFL double burner', 'bn')).toBe('RFL double burner');
    expect(itemLabel(null, 'bn')).toBe('');
    expect(itemLabel('Acme Gas 12 kg 22 mm', 'bn')).toBe('Acme Gas ১২ কেজি ২২ মিমি');
    expect(brandLabel('TotalEnergies', 'bn')).toBe('টোটালএনার্জিস');
    expect(brandLabel('TotalEnergies', 'en')).toBe('TotalEnergies');
  });
});

describe('search in either script and either digits', () => {
  const bashundhara = itemSearchKey('Bashundhara 12 kg 22 mm');
  const omera = itemSearchKey('Omera 12 kg 22 mm');
  const bashundhara5 = itemSearchKey('Bashundhara 5 kg 20 mm');

  it.each(['bash 12', 'বসুন্ধরা ১২', 'Bashundhara ১২', 'BASHUNDHARA 12 KG', 'বসু 12', '১২ কেজি বসুন্ধরা', ''])(
    '"%s" finds Bashundhara 12 kg',
    (query) => expect(matchesSearch(query, bashundhara)).toBe(true),
  );

  it('finds nothing else: another brand, another size, another valve', () => {
    expect(matchesSearch('bash 12', omera)).toBe(false);
    expect(matchesSearch('bash 12', bashundhara5)).toBe(false);
    expect(matchesSearch('বসুন্ধরা ১২', bashundhara5)).toBe(false);
    expect(matchesSearch('bash 20', bashundhara)).toBe(false);
  });

  it('folds a shop’s name and phone the same way', () => {
    const shop = searchKey('মায়ের দোয়া স্টোর 01711-000000');
    expect(matchesSearch('মায়ের', shop)).toBe(true);
    expect(matchesSearch('০১৭১১', shop)).toBe(true);
    expect(matchesSearch('Karim', searchKey('Karim Traders'))).toBe(true);
    expect(matchesSearch('karim', searchKey('Rahim Traders'))).toBe(false);
    // A joiner a Bangla keyboard puts in does not stop a match.
    expect(matchesSearch('র\u200d্যাব', searchKey('র্যাব গ্যাস'))).toBe(true);
  });
});

describe("a sale's number", () => {
  it('reads বি-০০০১২৩ in Bangla and S-000123 in English; a Bangla reader who keeps Latin digits gets বি-000123', () => {
    expect(saleNumberLabel('S-000123', 'en')).toBe('S-000123');
    expect(saleNumberLabel('S-000123', 'bn')).toBe('বি-০০০১২৩');
    expect(saleNumberLabel('S-000123', 'bn', { bengaliDigits: false })).toBe('বি-000123');
  });

  it('leaves anything that is not a sale number as it is', () => {
    expect(saleNumberLabel(null, 'bn')).toBe('');
    expect(saleNumberLabel('R-12', 'bn')).toBe('R-12');
  });
});
