export {};
//# sourceMappingURL=elicitation.js.map