// A chunk of its own, fetched only where no installed font draws Bengali (fonts.ts).
import './bengali-font.css';
