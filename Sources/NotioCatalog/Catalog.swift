import Foundation
import NotioCore

/// Book catalogs (Aladin, Open Library, manual entry) behind one protocol.
public enum NotioCatalog {}
