export {};
//# sourceMappingURL=sampling.js.map