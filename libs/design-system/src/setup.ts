// What every page of an app needs from the design system before any component: the tokens
// (colours, spacing, fonts) and the formats its messages use ({{amount, taka}}). An app imports it
// once at its start (`import '@mojud/design-system/setup'`). It is the lib's only module with
// effects on import besides the stylesheets, its texts and format.ts (package.json sideEffects), so a
// page carries only the components it uses, and the shell hands the whole lib to the remotes
// from the federation runtime's chunk.
import './tokens.css';
import './texts';
import './format';
