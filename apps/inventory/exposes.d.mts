export const exposes: Record<string, string>;
