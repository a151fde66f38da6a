export {};
//# sourceMappingURL=resources.js.map