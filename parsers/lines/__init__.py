"""Line machinery every reader shares: Lark line parsing, hand assembly, XML elements."""
