// The PDF and OCR worker arrives with the note analysis.
