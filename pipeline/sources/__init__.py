"""Where histories come from: files and folders named, the clients' folders, file pieces."""
