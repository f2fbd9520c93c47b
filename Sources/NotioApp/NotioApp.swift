import Foundation
public enum NotioCommand { public static func main() { print("notio") } }
