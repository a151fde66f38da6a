export {};
//# sourceMappingURL=errors.js.map