// The item both trade modal tests open: Bashundhara 12 kg 22 mm, 30 full and 5 empty in stock.
export const STORE = '11111111-1111-4111-8111-111111111111';
export const item = { id: 'item-1', name: 'Bashundhara 12 kg 22 mm', price: 1250, packageRetailPrice: 3300, packageWholesalePrice: 3250 };
export const cylinder = {
  ...item,
  brandId: 'b1',
  brandName: 'Bashundhara',
  logoColor: '#000',
  retailPrice: 1250,
  wholesalePrice: 1200,
  refillCost: 1100,
  packageCost: 2900,
  fullCount: 30,
  emptyCount: 5,
  problemCount: 0,
  size: 12,
  regulatorType: 22,
  reorderLevel: null,
};
