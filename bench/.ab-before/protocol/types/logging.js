export {};
//# sourceMappingURL=logging.js.map