export {};
//# sourceMappingURL=mrtr.js.map