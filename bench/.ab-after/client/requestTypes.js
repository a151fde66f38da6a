export {};
//# sourceMappingURL=requestTypes.js.map