// notio-testpages: renders book-like test pages with ground truth for the OCR benchmark.
print("notio-testpages: not built yet")
