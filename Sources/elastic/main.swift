print("elastic")
