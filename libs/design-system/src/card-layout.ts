/** Where a DataTable shows one card per row: the media query of `ds-table--cards` in components.css. */
const CARD_LAYOUT = '(max-width: 640px)';

/**
 * Whether lists show as cards now (a phone). A virtualised list sizes its window by it: a card is
 * several table rows high, so a window counted in table rows would render screens of cards
 * nobody sees. Read as the list renders: it renders again when its box changes size.
 */
export const showsCards = (): boolean => window.matchMedia?.(CARD_LAYOUT).matches ?? false;
