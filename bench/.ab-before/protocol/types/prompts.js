export {};
//# sourceMappingURL=prompts.js.map